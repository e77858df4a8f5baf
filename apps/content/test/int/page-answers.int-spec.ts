import type { JsonDocument, RequestContext } from '@bindery/contracts';
import { describe, expect, it } from 'vitest';
import { type PageEntry, PageTree, ROOT } from '../../src/model/page-tree';
import { ContentReadsService } from '../../src/reads/content-reads.service';
import type { ContentReader, ResolvedContent } from '../../src/store/content-reader';
import type { ContentStore } from '../../src/store/content-store';

// Content's page reads over a stubbed revision: what is answered from the kept text, and what is built anew.
const at = '2026-01-01T00:00:00.000Z';
const ctx = { baseUrl: 'http://x', requestId: 'r' } as RequestContext;

/** A saved (sealed) tree `guide` > (`intro`, `setup`), `faq`: each node's hash names its version in `versions`, and `titles` may rename. */
function tree(versions: Record<string, string> = {}, titles: Record<string, string> = {}): PageTree {
  const pages: PageEntry[] = [
    ['guide', ROOT, 'group'],
    ['intro', 'guide', 'document'],
    ['setup', 'guide', 'document'],
    ['faq', ROOT, 'document'],
  ].map(([id, parent, type]) => ({
    id,
    parent,
    type: type as PageEntry['type'],
    document: type === 'document' ? `doc-${id}` : null,
    meta: { title: titles[id] ?? `Title ${id}`, slug: id, createdAt: at, updatedAt: at },
  }));
  const built = new PageTree();
  for (const page of pages) built.insert(page);
  for (const page of pages) built.pages.get(page.id)!.nodeHash = `hash-${page.id}-${versions[page.id] ?? 1}`;
  return built.seal();
}

const body = (hash: string): JsonDocument => ({
  object: 'document',
  data: {},
  nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ text: hash }] }] }],
});

/** The service over `current` (the space's revision now and its tree), counting the bodies it loads. */
function service(current: { tree: PageTree; revision: string }) {
  const loaded: string[] = [];
  const reader = {
    resolveAt: () =>
      Promise.resolve({
        space: { id: 'space', organizationId: 'org' },
        level: 'admin',
        revision: { id: current.revision, reusableContents: [] },
      } as unknown as ResolvedContent),
    tree: () => Promise.resolve(current.tree),
  } as unknown as ContentReader;
  const store = { loadDocument: (hash: string) => (loaded.push(hash), Promise.resolve(body(hash))) } as unknown as ContentStore;
  // What a read of a document or a group page uses; the rest is not reached.
  const unused = undefined as never;
  const reads = new ContentReadsService(reader, store, unused, unused, unused, unused, unused, unused, unused);
  const read = async (pageId: string) => JSON.parse((await reads.page(ctx, { spaceId: 'space', pageId })).json as string) as unknown;
  return { read, loaded };
}

describe('ContentReadsService.page', () => {
  it('answers a page a merge left as it was from the text kept before, and builds a page it changed anew', async () => {
    const current = { tree: tree(), revision: 'r1' };
    const { read, loaded } = service(current);
    const first = await read('intro');
    expect(first).toMatchObject({ id: 'intro', title: 'Title intro', path: 'guide/intro', document: body('doc-intro') });
    expect(await read('guide')).toMatchObject({ title: 'Title guide', pages: [{ id: 'intro' }, { id: 'setup' }] });
    expect(loaded).toEqual(['doc-intro']);

    // A merge: a new revision whose `setup` (and so its parent `guide`) changed; `intro` did not.
    Object.assign(current, { revision: 'r2', tree: tree({ setup: '2', guide: '2' }, { setup: 'Setup, renamed' }) });
    expect(await read('intro')).toEqual(first);
    expect(await read('setup')).toMatchObject({ title: 'Setup, renamed', document: body('doc-setup') });
    expect(await read('guide')).toMatchObject({ pages: [{ id: 'intro' }, { id: 'setup', title: 'Setup, renamed' }] });
    expect(loaded).toEqual(['doc-intro', 'doc-setup']);
  });

  it('answers a kept page with the JSON it built, nested pages shown without their bodies', async () => {
    const { read } = service({ tree: tree(), revision: 'r1' });
    const empty = { object: 'document', data: {}, nodes: [] };
    for (let i = 0; i < 2; i++)
      expect(await read('guide')).toEqual({
        id: 'guide',
        title: 'Title guide',
        kind: 'group',
        type: 'group',
        slug: 'guide',
        path: 'guide',
        pages: [expect.objectContaining({ id: 'intro', document: empty }), expect.objectContaining({ id: 'setup', document: empty })],
        createdAt: at,
        updatedAt: at,
        hidden: false,
        noIndex: false,
        noRobotsIndex: false,
      });
  });
});
