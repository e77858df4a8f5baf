import type { JsonDocument } from '@bindery/contracts';
import { type PageEntry, PageTree, ROOT } from '../model/page-tree';
import { type DocumentLookup, toWirePage } from '../pages/page.mapper';
import { TreeFragments } from './tree-fragments';

const at = '2026-01-01T00:00:00.000Z';
const urls = { app: 'http://bindery.test/s/space' };

function page(id: string, parent = ROOT): PageEntry {
  return { id, type: 'document', parent, document: `doc-${id}`, meta: { title: id.toUpperCase(), slug: id, createdAt: at, updatedAt: at } };
}

const body = (hash: string): JsonDocument =>
  ({
    object: 'document',
    data: {},
    nodes: [
      { object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: hash, marks: [] }] }] },
    ],
  }) as unknown as JsonDocument;

/** intro, guide > setup, each with its stored node's hash (as a loaded or saved tree has). */
function savedTree(): PageTree {
  const tree = new PageTree();
  tree.insert(page('intro'));
  tree.insert(page('guide'));
  tree.insert(page('setup', 'guide'));
  for (const entry of tree.pages.values()) entry.nodeHash = `hash-${entry.id}`;
  return tree;
}

/** A body lookup that records which bodies were asked for. */
function recordingBodies(asked: string[]) {
  return (hashes: string[]): Promise<DocumentLookup> => {
    asked.push(...hashes);
    return Promise.resolve((hash) => body(hash ?? 'none'));
  };
}

const wholeTree = (tree: PageTree) =>
  JSON.stringify({
    pages: tree.childrenOf(ROOT).map((id) => toWirePage(tree, tree.pages.get(id)!, urls, true, (hash) => body(hash ?? 'none'))),
  });

describe('TreeFragments', () => {
  it('gives the bytes of the whole tree serialised at once', async () => {
    const tree = savedTree();
    expect(await new TreeFragments().json(tree, urls, '', () => [], recordingBodies([]))).toBe(wholeTree(tree));
  });

  it('maps again only the top-level subtree whose node changed, and reads only its bodies', async () => {
    const fragments = new TreeFragments();
    await fragments.json(savedTree(), urls, '', () => [], recordingBodies([]));
    const next = savedTree();
    next.pages.get('setup')!.meta = { ...next.pages.get('setup')!.meta, title: 'Setting up' };
    next.touch('setup');
    next.pages.get('setup')!.nodeHash = 'hash-setup-2';
    next.pages.get('guide')!.nodeHash = 'hash-guide-2';
    const asked: string[] = [];
    const json = await fragments.json(next, urls, '', () => [], recordingBodies(asked));
    expect(json).toBe(wholeTree(next));
    expect(asked.sort()).toEqual(['doc-guide', 'doc-setup']);
  });

  it('keeps trees of other URL bases and computed tags apart', async () => {
    const fragments = new TreeFragments();
    const tree = savedTree();
    await fragments.json(tree, urls, '', () => [], recordingBodies([]));
    const asked: string[] = [];
    const other = { app: 'http://bindery.test/s/space/~/changes/2' };
    const json = await fragments.json(tree, other, '', () => [], recordingBodies(asked));
    expect(json).toContain(other.app);
    expect(asked).toHaveLength(3);
    const again: string[] = [];
    await fragments.json(tree, urls, '-uncomputed', () => [], recordingBodies(again));
    expect(again).toHaveLength(3);
  });

  it('never caches a subtree without a node hash (a tree not saved)', async () => {
    const fragments = new TreeFragments();
    const tree = savedTree();
    tree.pages.get('intro')!.nodeHash = undefined;
    await fragments.json(tree, urls, '', () => [], recordingBodies([]));
    const asked: string[] = [];
    await fragments.json(tree, urls, '', () => [], recordingBodies(asked));
    expect(asked).toEqual(['doc-intro']);
  });
});
