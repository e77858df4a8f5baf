import type { JsonDocument } from '@bindery/contracts';
import { AppError } from '@bindery/platform';
import { applyChanges, type PreparedChange } from './apply-changes';
import { contentHash } from './content-hash';
import { DocumentPool } from './document-pool';
import { PageTree, ROOT } from './page-tree';

const now = '2026-01-01T00:00:00.000Z';
const later = '2026-02-01T00:00:00.000Z';

const block = (key: string, text = key) => ({ object: 'block', type: 'paragraph', key, nodes: [{ object: 'text', leaves: [{ text }] }] });
const doc = (...nodes: Array<Record<string, unknown>>): JsonDocument => ({ object: 'document', data: {}, nodes });

/**
 * A base revision: pages a, b (with child b1, which has child b2) and c at the root. Sealed, as
 * the service hands it over: a revert that wrote into the revision's tree would throw.
 */
function base(): PageTree {
  const tree = new PageTree();
  applyChanges(
    tree,
    [
      { change: { operation: 'insert_page', title: 'A', document: {} }, pageId: 'a', documentHash: 'doc-a' },
      { change: { operation: 'insert_page', title: 'B', document: {} }, pageId: 'b' },
      { change: { operation: 'insert_page', title: 'B1', into: 'b', document: {} }, pageId: 'b1' },
      { change: { operation: 'insert_page', title: 'B2', into: 'b1', document: {} }, pageId: 'b2' },
      { change: { operation: 'insert_page', title: 'C', document: {} }, pageId: 'c' },
    ],
    now,
  );
  return tree.seal();
}

const revert = (target: PageTree, page: string, block?: string[]): PreparedChange => ({
  change: { operation: 'revert_page', page, ...(block ? { block } : {}) },
  revert: { tree: target, revisionId: 'rev-base', field: 'changes[0]' },
});

function rejection(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('revert_page, whole page', () => {
  it('removes a page added since the revision', () => {
    const target = base();
    const tree = target.fork();
    applyChanges(tree, [{ change: { operation: 'insert_page', title: 'New', document: {} }, pageId: 'new' }], later);
    const outcomes = applyChanges(tree, [revert(target, 'new')], later);
    expect(outcomes).toEqual([{ kind: 'deleted', pageId: 'new' }]);
    expect(tree.childrenOf(ROOT)).toEqual(['a', 'b', 'c']);
  });

  it('gives pages moved under an added page back to their former parent instead of deleting them', () => {
    const target = base();
    const tree = target.fork();
    applyChanges(
      tree,
      [
        { change: { operation: 'insert_page', title: 'New', document: {} }, pageId: 'new' },
        { change: { operation: 'update_page', page: 'c', into: 'new' } },
      ],
      later,
    );
    const outcomes = applyChanges(tree, [revert(target, 'new')], later);
    expect(outcomes).toEqual([
      { kind: 'updated', pageId: 'c' },
      { kind: 'deleted', pageId: 'new' },
    ]);
    expect(tree.childrenOf(ROOT)).toEqual(['a', 'b', 'c']);
  });

  it('restores a deleted page with its subtree at its former position', () => {
    const target = base();
    const tree = target.fork();
    applyChanges(tree, [{ change: { operation: 'delete_page', page: 'b' } }], later);
    const outcomes = applyChanges(tree, [revert(target, 'b')], later);
    expect(outcomes.map((o) => [o.kind, o.pageId])).toEqual([
      ['created', 'b'],
      ['created', 'b1'],
      ['created', 'b2'],
    ]);
    expect(tree.childrenOf(ROOT)).toEqual(['a', 'b', 'c']);
    expect(tree.pathOf('b2')).toBe('b/b1/b2');
    expect(tree.pages.get('b')!.nodeHash).toBeUndefined();
  });

  it('restores a deleted page next to the earlier sibling that is still there', () => {
    const target = base();
    const tree = target.fork();
    applyChanges(
      tree,
      [
        { change: { operation: 'delete_page', page: 'a' } },
        { change: { operation: 'delete_page', page: 'b' } },
        { change: { operation: 'insert_page', title: 'Z', at: 0, document: {} }, pageId: 'z' },
      ],
      later,
    );
    applyChanges(tree, [revert(target, 'b')], later);
    // "a" (before "b" in the revision) is gone, so "b" goes first, ahead of the new "z" too.
    expect(tree.childrenOf(ROOT)).toEqual(['b', 'z', 'c']);
  });

  it('gives a restored page a numbered slug when a new sibling took its slug', () => {
    const target = base();
    const tree = target.fork();
    applyChanges(
      tree,
      [
        { change: { operation: 'delete_page', page: 'c' } },
        { change: { operation: 'insert_page', title: 'C', document: {} }, pageId: 'c-new' },
      ],
      later,
    );
    applyChanges(tree, [revert(target, 'c')], later);
    expect(tree.pages.get('c-new')!.meta.slug).toBe('c');
    expect(tree.pages.get('c')!.meta.slug).toBe('c-2');
  });

  it('resets the metadata, body and position of a modified page, leaving its children', () => {
    const target = base();
    const tree = target.fork();
    applyChanges(
      tree,
      [
        { change: { operation: 'update_page', page: 'a', title: 'Renamed', hidden: true, into: 'c' }, documentHash: 'doc-a2' },
        { change: { operation: 'insert_page', title: 'Child', into: 'a', document: {} }, pageId: 'child' },
      ],
      later,
    );
    const outcomes = applyChanges(tree, [revert(target, 'a')], later);
    expect(outcomes).toEqual([{ kind: 'updated', pageId: 'a' }]);
    const page = tree.pages.get('a')!;
    expect(page.meta).toMatchObject({ title: 'A', slug: 'a', updatedAt: later });
    expect(page.meta.hidden).toBeUndefined();
    expect(page.document).toBe('doc-a');
    expect(tree.childrenOf(ROOT)).toEqual(['a', 'b', 'c']);
    expect(tree.childrenOf('a')).toEqual(['child']);
  });

  it('reports a page deleted then restored in one batch as updated', () => {
    const target = base();
    const tree = target.fork();
    const outcomes = applyChanges(tree, [{ change: { operation: 'delete_page', page: 'c' } }, revert(target, 'c')], later);
    expect(outcomes).toEqual([{ kind: 'updated', pageId: 'c' }]);
  });

  it('refuses an unknown page and a page whose parent is gone', () => {
    const target = base();
    const tree = target.fork();
    expect(rejection(() => applyChanges(tree, [revert(target, 'nope')], later))).toMatchObject({
      code: 404,
      message: expect.stringMatching(/^changes\[0\]\.page: .*"nope"/),
    });
    applyChanges(tree, [{ change: { operation: 'delete_page', page: 'b' } }], later);
    expect(rejection(() => applyChanges(tree, [revert(target, 'b1')], later))).toMatchObject({
      code: 400,
      message: expect.stringMatching(/^changes\[0\]\.page: its parent page "b"/),
    });
  });
});

describe('revert_page, blocks', () => {
  /** Page "a" with body [x, y, z] in the revision; the change request's body comes from `edit`. */
  function setup(edited: JsonDocument) {
    const building = new PageTree();
    const documents = new DocumentPool();
    const original = doc(block('x'), block('y'), block('z'));
    for (const d of [original, edited]) documents.known(contentHash(d), d);
    applyChanges(
      building,
      [{ change: { operation: 'insert_page', title: 'A', document: {} }, pageId: 'a', documentHash: contentHash(original) }],
      now,
    );
    const target = building.seal();
    const tree = target.fork();
    applyChanges(tree, [{ change: { operation: 'update_page', page: 'a' }, documentHash: contentHash(edited) }], later);
    const run = (keys: string[]) => {
      applyChanges(tree, [revert(target, 'a', keys)], later, documents);
      return documents.get(tree.pages.get('a')!.document).nodes;
    };
    return { tree, documents, run };
  }

  it('removes an added block, restores a deleted one and resets a modified one, leaving the others', () => {
    // Edited: y deleted, z changed, w added, x untouched.
    const { run, documents } = setup(doc(block('x', 'x edited'), block('w'), block('z', 'z edited')));
    const nodes = run(['y', 'z', 'w']);
    expect(nodes).toEqual([block('x', 'x edited'), block('y'), block('z')]);
    expect(documents.added).toHaveLength(1);
  });

  it('puts a moved block back after its former neighbour', () => {
    const { run } = setup(doc(block('z'), block('x'), block('y')));
    expect(run(['z']).map((n) => n.key)).toEqual(['x', 'y', 'z']);
  });

  it('leaves the page metadata and the blocks not listed alone', () => {
    const { run, tree } = setup(doc(block('x', 'x edited'), block('y', 'y edited')));
    tree.pages.get('a')!.meta.title = 'Kept';
    // z was deleted in the change request and is not listed: it stays deleted.
    expect(run(['y'])).toEqual([block('x', 'x edited'), block('y')]);
    expect(tree.pages.get('a')!.meta.title).toBe('Kept');
  });

  it('refuses a key found neither in the page nor in the revision, naming it', () => {
    const { run } = setup(doc(block('x')));
    expect(rejection(() => run(['x', 'nope']))).toMatchObject({
      code: 404,
      message: expect.stringMatching(/^changes\[0\]\.block\[1\]: .*"nope"/),
    });
  });

  it('refuses a block revert of a page deleted in the change request', () => {
    const target = base();
    const tree = target.fork();
    applyChanges(tree, [{ change: { operation: 'delete_page', page: 'c' } }], later);
    expect(rejection(() => applyChanges(tree, [revert(target, 'c', ['k'])], later))).toMatchObject({
      code: 400,
      message: expect.stringMatching(/^changes\[0\]\.block: /),
    });
  });

  it('empties a page added since the revision when its blocks are reverted', () => {
    const target = new PageTree();
    const tree = new PageTree();
    const documents = new DocumentPool();
    const added = doc(block('n'));
    documents.known(contentHash(added), added);
    applyChanges(
      tree,
      [{ change: { operation: 'insert_page', title: 'N', document: {} }, pageId: 'n', documentHash: contentHash(added) }],
      now,
    );
    applyChanges(tree, [revert(target, 'n', ['n'])], later, documents);
    expect(tree.pages.get('n')!.document).toBeNull();
  });
});
