import type { JsonDocument, RequestContext } from '@bindery/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ComputedContentService } from '../../src/computed/computed-content.service';
import { type PageEntry, PageTree, ROOT } from '../../src/model/page-tree';
import type { ContentReader, ResolvedContent } from '../../src/store/content-reader';
import type { ContentStore } from '../../src/store/content-store';
import { SerializedTreeCache } from '../../src/store/serialized-tree-cache';
import { ContentReadsService } from '../../src/reads/content-reads.service';

// Content's page tree reads (`content.pages.list`) over a stubbed revision: what the reply is made of.
const at = '2026-01-01T00:00:00.000Z';
const ctx = { baseUrl: 'http://x', requestId: 'r' } as RequestContext;

/** A saved (sealed) tree: `guide` > `intro`, and `faq`, whose title needs escaping. */
function sealedTree(): PageTree {
  const pages: PageEntry[] = [
    { id: 'guide', parent: ROOT, type: 'group', document: null, meta: { title: 'Guide', slug: 'guide', createdAt: at, updatedAt: at } },
    {
      id: 'intro',
      parent: 'guide',
      type: 'document',
      document: 'doc-intro',
      meta: { title: 'Intro', slug: 'intro', createdAt: at, updatedAt: at },
    },
    {
      id: 'faq',
      parent: ROOT,
      type: 'document',
      document: 'doc-faq',
      meta: { title: 'The "FAQ" \\ €', slug: 'faq', createdAt: at, updatedAt: at },
    },
  ];
  const built = new PageTree();
  for (const page of pages) built.insert(page);
  for (const page of pages) built.pages.get(page.id)!.nodeHash = `hash-${page.id}`;
  return built.seal();
}

const body = (hash: string): JsonDocument => ({
  object: 'document',
  data: {},
  nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ text: `"${hash}"` }] }] }],
});

function service() {
  const tree = sealedTree();
  const content = { space: { id: 'space', organizationId: 'org' }, level: 'admin', revision: { id: 'r1', reusableContents: [] } };
  const reader = {
    resolve: () => Promise.resolve(content as unknown as ResolvedContent),
    tree: () => Promise.resolve(tree),
  } as unknown as ContentReader;
  const store = {
    loadDocuments: (hashes: string[]) => Promise.resolve(new Map(hashes.map((hash) => [hash, body(hash)]))),
  } as unknown as ContentStore;
  const computed = { expand: () => Promise.resolve({ children: () => [], tag: '' }) } as unknown as ComputedContentService;
  // What a tree read uses; the rest is not reached.
  const unused = undefined as never;
  const reads = new ContentReadsService(reader, store, unused, unused, unused, unused, unused, new SerializedTreeCache(8), computed);
  return (knownTag?: string) => reads.pages(ctx, { spaceId: 'space', knownTag }).then((answer) => answer.json as string);
}

describe('ContentReadsService.pages', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers a kept tree with the escaped text kept beside it, the same bytes as the tree just built', async () => {
    const read = service();
    const built = await read();
    const { tag, rawJson } = JSON.parse(built) as { tag: string; rawJson: string };
    expect(JSON.parse(rawJson)).toMatchObject({
      pages: [
        { id: 'guide', pages: [{ id: 'intro' }] },
        { id: 'faq', title: 'The "FAQ" \\ €' },
      ],
    });
    expect(built).toBe(JSON.stringify({ tag, rawJson }));

    // Read again by a caller that does not hold the tag (the gateway before the first reply reached it).
    const stringify = vi.spyOn(JSON, 'stringify');
    expect(await read()).toBe(built);
    const escapedAgain = stringify.mock.calls.filter(
      ([value]) => value === rawJson || (value as { rawJson?: string })?.rawJson === rawJson,
    );
    expect(escapedAgain).toEqual([]);
  });

  it('answers only the tag to a caller that holds it', async () => {
    const read = service();
    const { tag } = JSON.parse(await read()) as { tag: string };
    expect(JSON.parse(await read(tag))).toEqual({ tag });
  });
});
