import type { PageReadOptions } from '@bindery/contracts';
import { type PageEntry, PageTree, ROOT } from '../model/page-tree';
import { PageAnswerCache, pageAnswerKey } from './page-answer-cache';

const at = '2026-01-01T00:00:00.000Z';
const app = 'http://x/s/space';

const entry = (id: string, parent: string, nodeHash: string, type: PageEntry['type'] = 'document'): PageEntry => ({
  id,
  type,
  parent,
  document: type === 'document' ? `doc-${id}` : null,
  meta: { title: `Title ${id}`, slug: id, createdAt: at, updatedAt: at },
  nodeHash,
});

/** Inserts the pages, then gives each its node hash back (an insert clears the hashes of the page and its ancestors). */
function insertAll(into: PageTree, pages: PageEntry[]): PageTree {
  for (const page of pages) into.insert({ ...page });
  for (const page of pages) into.pages.get(page.id)!.nodeHash = page.nodeHash;
  return into;
}

/** A sealed tree `guide` > (`intro`, `setup`), `faq`, each page's node hash made of its id and its version in `versions`. */
function tree(versions: Record<string, string> = {}): PageTree {
  const hash = (id: string) => `hash-${id}-${versions[id] ?? 1}`;
  return insertAll(new PageTree(), [
    entry('guide', ROOT, hash('guide'), 'group'),
    entry('intro', 'guide', hash('intro')),
    entry('setup', 'guide', hash('setup')),
    entry('faq', ROOT, hash('faq')),
  ]).seal();
}

/** A tree of the one page `page`. */
function single(page: PageEntry, sealed = true): PageTree {
  const built = insertAll(new PageTree(), [page]);
  return sealed ? built.seal() : built;
}

const key = (t: PageTree, id: string, options: PageReadOptions = {}, base = app, reusable = false) =>
  pageAnswerKey(t, t.peek(id)!, base, options, reusable);

describe('pageAnswerKey', () => {
  it('names a page by its node, path, URL base and format: the same page in another revision has the same key', () => {
    expect(key(tree(), 'intro')).toBe(key(tree({ faq: '2' }), 'intro'));
    expect(key(tree(), 'intro')).not.toBe(key(tree({ intro: '2' }), 'intro'));
    expect(key(tree(), 'intro')).not.toBe(key(tree(), 'setup'));
    expect(key(tree(), 'intro')).not.toBe(key(tree(), 'intro', {}, `${app}/~/changes/3`));
    expect(key(tree(), 'intro')).not.toBe(key(tree(), 'intro', { format: 'markdown' }));
    expect(key(tree(), 'intro', { format: 'document' })).toBe(key(tree(), 'intro'));
  });

  it('names the path, which the node does not hold: the same node under another parent is another answer', () => {
    expect(key(single(entry('intro', ROOT, 'hash-intro-1')), 'intro')).not.toBe(key(tree(), 'intro'));
  });

  it('keeps no computed page, no page of an unsaved tree, and no dereferenced body of a revision with reusable content', () => {
    expect(key(single(entry('api', ROOT, 'hash-api', 'computed')), 'api')).toBeUndefined();
    expect(key(single(entry('draft', ROOT, 'hash-draft'), false), 'draft')).toBeUndefined();
    expect(key(single(entry('draft', ROOT, undefined as unknown as string)), 'draft')).toBeUndefined();
    expect(key(tree(), 'intro', { dereferenced: true }, app, true)).toBeUndefined();
    // Without reusable content a dereferenced body is the body itself.
    expect(key(tree(), 'intro', { dereferenced: true }, app, false)).toBe(key(tree(), 'intro'));
  });
});

describe('PageAnswerCache', () => {
  it('keeps answers up to its size in memory (two bytes a character), least recently used dropped first', async () => {
    const cache = new PageAnswerCache(2 * 2 * 1000);
    const built: string[] = [];
    const answer = (name: string) => cache.answer(name, () => (built.push(name), Promise.resolve(name.repeat(1000))));
    for (const name of ['a', 'b', 'a', 'c', 'a', 'b']) await answer(name);
    expect(built).toEqual(['a', 'b', 'c', 'b']);
  });

  it('builds an answer without a key every time', async () => {
    const cache = new PageAnswerCache();
    let builds = 0;
    for (let i = 0; i < 2; i++) await cache.answer(undefined, () => Promise.resolve(String(++builds)));
    expect(builds).toBe(2);
  });
});
