import type { JsonDocument } from '@bindery/contracts';
import { type PageEntry, PageTree, ROOT } from '../model/page-tree';
import { type ComputedChildren, type DocumentLookup, toWirePages } from './page.mapper';
import { PageJsonCache } from '../store/serialized-tree-cache';
import { pageTreeJson as treeJson } from './page-tree-json';

const at = '2026-01-01T00:00:00.000Z';
const urls = { app: 'http://x/s/space' };

const entry = (id: string, parent: string, type: PageEntry['type'] = 'document'): PageEntry => ({
  id,
  type,
  parent,
  document: type === 'document' ? `doc-${id}` : null,
  meta: {
    title: `Title "${id}"`,
    slug: id,
    createdAt: at,
    updatedAt: at,
    ...(type === 'link' ? { target: { kind: 'url' as const, url: 'https://example.com' } } : {}),
    ...(type === 'computed' ? { computed: { integration: 'openapi', source: 'openapi', props: { spec: 'pets' } } } : {}),
  } as PageEntry['meta'],
});

/** A stored tree: groups with documents (one holding a child), a link, a computed page; every page with a hash. */
function storedTree(): PageTree {
  const tree = new PageTree();
  tree.insert(entry('guide', ROOT, 'group'));
  tree.insert(entry('intro', 'guide'));
  tree.insert(entry('setup', 'guide'));
  tree.insert(entry('deep', 'setup'));
  tree.insert(entry('out', ROOT, 'link'));
  tree.insert(entry('api', ROOT, 'computed'));
  tree.insert(entry('faq', ROOT));
  for (const page of tree.pages.values()) page.nodeHash = `hash-${page.id}`;
  return tree.seal();
}

// A body whose text holds what the serialiser cuts at, to show it is not fooled by it.
const document = (text: string): JsonDocument =>
  ({
    object: 'document',
    data: { pages: [] },
    nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ text }] }] }],
  }) as unknown as JsonDocument;
const bodies =
  (version: string): DocumentLookup =>
  (hash) =>
    document(`${version} ${hash} "pages":[]`);
const generated =
  (version: string): ComputedChildren =>
  () => [{ id: `gen-${version}`, title: version, type: 'document', pages: [] }];

/** The tree's JSON, checked to come with its escaped text (`quoted`), as the reply writes the JSON string. */
async function pageTreeJson(...args: Parameters<typeof treeJson>): Promise<string> {
  const { json, quoted } = await treeJson(...args);
  expect(`"${quoted}"`).toBe(JSON.stringify(json));
  return json;
}

const expected = (tree: PageTree, version: string, computed: ComputedChildren) =>
  JSON.stringify({ pages: toWirePages(tree, urls, bodies(version), computed) });

describe('pageTreeJson', () => {
  it('writes what JSON.stringify of the wire tree writes, cold and from its cache', async () => {
    const tree = storedTree();
    const cache = new PageJsonCache(1024 * 1024);
    const asked: string[][] = [];
    const bodiesOf = (hashes: string[]) => (asked.push(hashes), Promise.resolve(bodies('v1')));
    const cold = await pageTreeJson(tree, urls, generated('v1'), cache, bodiesOf);
    expect(cold).toBe(expected(tree, 'v1', generated('v1')));
    const warm = await pageTreeJson(tree, urls, generated('v1'), cache, bodiesOf);
    expect(warm).toBe(cold);
    // Warm: no body is needed again.
    expect(asked[1]).toEqual([]);
  });

  it("shows a computed page's newest generated children, never cached ones", async () => {
    const tree = storedTree();
    const cache = new PageJsonCache(1024 * 1024);
    await pageTreeJson(tree, urls, generated('v1'), cache, () => Promise.resolve(bodies('v1')));
    const next = await pageTreeJson(tree, urls, generated('v2'), cache, () => Promise.resolve(bodies('v1')));
    expect(next).toBe(expected(tree, 'v1', generated('v2')));
    expect(next).toContain('gen-v2');
  });

  it('writes a changed page and its ancestors again, and keeps the other pages', async () => {
    const tree = storedTree();
    const cache = new PageJsonCache(1024 * 1024);
    await pageTreeJson(tree, urls, generated('v1'), cache, () => Promise.resolve(bodies('v1')));
    const changed = tree.fork();
    changed.pages.set('deep', { ...changed.pages.get('deep')!, meta: { ...changed.pages.get('deep')!.meta, title: 'Changed' } });
    for (const id of ['deep', 'setup', 'guide']) changed.pages.set(id, { ...changed.pages.get(id)!, nodeHash: `hash-${id}-2` });
    const asked: string[][] = [];
    const out = await pageTreeJson(changed, urls, generated('v1'), cache, (hashes) => (asked.push(hashes), Promise.resolve(bodies('v1'))));
    expect(out).toBe(expected(changed, 'v1', generated('v1')));
    expect(out).toContain('"title":"Changed"');
    expect(asked[0].sort()).toEqual(['doc-deep', 'doc-setup']);
  });

  it('keys pages by their path and URL base as well as their node', async () => {
    const tree = storedTree();
    const cache = new PageJsonCache(1024 * 1024);
    await pageTreeJson(tree, urls, generated('v1'), cache, () => Promise.resolve(bodies('v1')));
    const other = { app: 'http://x/s/space/~/changes/2' };
    const out = await pageTreeJson(tree, other, generated('v1'), cache, () => Promise.resolve(bodies('v1')));
    expect(out).toBe(JSON.stringify({ pages: toWirePages(tree, other, bodies('v1'), generated('v1')) }));
  });

  it('builds the same text when its cache holds nothing', async () => {
    const tree = storedTree();
    const out = await pageTreeJson(tree, urls, generated('v1'), new PageJsonCache(0), () => Promise.resolve(bodies('v1')));
    expect(out).toBe(expected(tree, 'v1', generated('v1')));
  });

  it('escapes the text as JSON.stringify does: quotes, backslashes, control and line separators, emoji, lone surrogates', async () => {
    const tree = storedTree().fork();
    const deep = tree.pages.get('deep')!;
    deep.meta.title = 'a "quoted" \\ back\nslash \u2028 \u0001 🚀 \ud800 end';
    const out = await pageTreeJson(tree.seal(), urls, generated('v1'), new PageJsonCache(1024 * 1024), () => Promise.resolve(bodies('v1')));
    expect(out).toContain('🚀');
  });
});
