import { ContentSubjects, IMPORT_STORE_DOCUMENTS_MAX, type ImportPage, type RequestContext } from '@bindery/contracts';
import type { ServiceClient } from '@bindery/platform';
import { BodyStore, boundedBatches, storeDocuments } from './store-batches';

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
      send: jest.fn((subject: string, _ctx: RequestContext, data: { documentTexts: string[] }) => {
        expect(subject).toBe(ContentSubjects.importStoreDocuments);
        sent.push(data.documentTexts.map((d) => Buffer.byteLength(d)));
        return Promise.resolve({ hashes: data.documentTexts.map(() => 'h'.repeat(43)) });
      }),
    } as unknown as ServiceClient;

    await storeDocuments(content, ctx, 's1', pages);

    // An empty body is not sent: the page is written empty.
    expect(sent.flat()).toHaveLength(450);
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

describe('BodyStore', () => {
  it('sends bodies while pages are still being added, at most two requests at once, and waits for all on flush', async () => {
    const pending: Array<() => void> = [];
    let inFlight = 0;
    let most = 0;
    const content = {
      send: jest.fn((_subject: string, _ctx: RequestContext, data: { documentTexts: string[] }) => {
        inFlight++;
        most = Math.max(most, inFlight);
        return new Promise((resolve) =>
          pending.push(() => {
            inFlight--;
            resolve({ hashes: data.documentTexts.map(() => 'h'.repeat(43)) });
          }),
        );
      }),
    } as unknown as ServiceClient;
    const store = new BodyStore(content, ctx, 's1', 10);
    const pages = Array.from({ length: 45 }, (_, n) => page(n, `body ${n}`));
    pages.slice(0, 25).forEach((p) => store.add(p));
    // Two batches of ten went out before the last pages were added; the third waits its turn.
    expect(content.send).toHaveBeenCalledTimes(2);
    pages.slice(25).forEach((p) => store.add(p));
    const flushed = store.flush();
    while (pending.length > 0 || inFlight > 0) {
      pending.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await flushed;
    expect(content.send).toHaveBeenCalledTimes(5);
    expect(most).toBe(2);
    expect(pages.every((p) => p.document === undefined && p.documentHash === 'h'.repeat(43))).toBe(true);
  });

  it('throws the first failure on flush', async () => {
    const content = { send: jest.fn(() => Promise.reject(new Error('content is down'))) } as unknown as ServiceClient;
    const store = new BodyStore(content, ctx, 's1', 2);
    for (let n = 0; n < 7; n++) store.add(page(n, 'x'));
    await expect(store.flush()).rejects.toThrow('content is down');
  });
});
