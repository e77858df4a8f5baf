import { ContentSubjects, IMPORT_STORE_DOCUMENTS_MAX, type ImportPage, type RequestContext } from '@bindery/contracts';
import type { ServiceClient } from '@bindery/platform';
import { boundedBatches, storeDocuments } from './store-batches';

const ctx: RequestContext = { requestId: 'r1', caller: { userId: 'u1', tokenId: 't1' } } as RequestContext;

const page = (n: number, text: string, pages: ImportPage[] = []): ImportPage => ({
  id: `p${n}`,
  title: `Page ${n}`,
  slug: `page-${n}`,
  document: {
    object: 'document',
    data: {},
    nodes: text ? [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text }] }] }] : [],
  },
  pages,
});

describe('boundedBatches', () => {
  it('cuts by count and by bytes, in order, an oversized item alone', () => {
    const sizes = [1, 1, 1, 5, 1, 9, 1];
    expect(boundedBatches(sizes, (n) => n, { maxItems: 2, maxBytes: 6 })).toEqual([[1, 1], [1, 5], [1], [9], [1]]);
    expect(boundedBatches([], (n: number) => n, { maxItems: 2, maxBytes: 6 })).toEqual([]);
  });
});

describe('storeDocuments', () => {
  it("sends a large repository's bodies in bounded batches, not inline in one apply", async () => {
    // 450 pages, nested, each body ~20 KB: 9 MB in all, more than one request may carry.
    const body = 'x'.repeat(20_000);
    let n = 0;
    const pages = Array.from({ length: 150 }, () => page(n++, body, [page(n++, body, [page(n++, body)])]));
    pages.push(page(n++, ''));
    const sent: number[][] = [];
    const content = {
      send: jest.fn((subject: string, _ctx: RequestContext, data: { documents: ImportPage['document'][] }) => {
        expect(subject).toBe(ContentSubjects.importStoreDocuments);
        sent.push(data.documents.map((d) => Buffer.byteLength(JSON.stringify(d))));
        return Promise.resolve({ hashes: data.documents.map((d) => (d!.nodes.length > 0 ? 'h'.repeat(43) : null)) });
      }),
    } as unknown as ServiceClient;

    await storeDocuments(content, ctx, 's1', pages);

    expect(sent.flat()).toHaveLength(451);
    for (const batch of sent) {
      expect(batch.length).toBeLessThanOrEqual(IMPORT_STORE_DOCUMENTS_MAX);
      expect(batch.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(4 * 1024 * 1024);
    }
    const all: ImportPage[] = [];
    const walk = (list: ImportPage[]) => list.forEach((p) => (all.push(p), walk(p.pages)));
    walk(pages);
    // The apply then carries hashes only; an empty body carries neither.
    expect(all.filter((p) => p.document !== undefined)).toEqual([]);
    expect(all.filter((p) => p.documentHash === 'h'.repeat(43))).toHaveLength(450);
    expect(all.find((p) => p.id === `p${n - 1}`)!.documentHash).toBeUndefined();
  });
});
