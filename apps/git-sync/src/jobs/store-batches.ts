import { ContentSubjects, IMPORT_STORE_DOCUMENTS_MAX, type ImportPage, type RequestContext } from '@bindery/contracts';
import type { ServiceClient } from '@bindery/platform';

export interface BatchLimits {
  maxItems: number;
  maxBytes: number;
}

/**
 * Items in order, cut into batches of at most `maxItems` items and `maxBytes` bytes (an item
 * larger than `maxBytes` goes alone): what one request to content may carry.
 */
export function boundedBatches<T>(items: T[], sizeOf: (item: T) => number, limits: BatchLimits): T[][] {
  const batches: T[][] = [];
  let batch: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = sizeOf(item);
    if (batch.length > 0 && (batch.length >= limits.maxItems || bytes + size > limits.maxBytes)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(item);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/** Runs `run` on every batch, at most `concurrency` at once, so bytes in flight stay bounded. */
export async function inTurns<T>(batches: T[], concurrency: number, run: (batch: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, batches.length) }, async () => {
      while (next < batches.length) await run(batches[next++]);
    }),
  );
}

/** JSON bytes of page bodies per store-documents request (content parses each request whole). */
const DOCUMENT_BATCH_BYTES = 4 * 1024 * 1024;
const DOCUMENT_CONCURRENCY = 2;

/**
 * Stores the bodies of an import's pages ahead of its apply, in bounded batches, and leaves each
 * page with the body's hash instead of the body: the apply then carries the tree only, so neither
 * the message nor content's heap grows with the repository's Markdown (a 1,000-page repository's
 * bodies in one apply ran content out of heap).
 */
export async function storeDocuments(content: ServiceClient, ctx: RequestContext, spaceId: string, pages: ImportPage[]): Promise<void> {
  const withBody: ImportPage[] = [];
  const walk = (list: ImportPage[]) => {
    for (const page of list) {
      if (page.document !== undefined) withBody.push(page);
      walk(page.pages);
    }
  };
  walk(pages);
  const batches = boundedBatches(withBody, (page) => Buffer.byteLength(JSON.stringify(page.document)), {
    maxItems: IMPORT_STORE_DOCUMENTS_MAX,
    maxBytes: DOCUMENT_BATCH_BYTES,
  });
  await inTurns(batches, DOCUMENT_CONCURRENCY, async (batch) => {
    const { hashes } = await content.send(ContentSubjects.importStoreDocuments, ctx, {
      spaceId,
      documents: batch.map((page) => page.document!),
    });
    batch.forEach((page, i) => {
      // An empty body (no nodes) has no hash: a page without a body is written as empty.
      delete page.document;
      if (hashes[i]) page.documentHash = hashes[i]!;
    });
  });
}
