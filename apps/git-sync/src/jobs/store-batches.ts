import { ContentSubjects, IMPORT_STORE_DOCUMENTS_MAX, type ImportPage, type RequestContext } from '@bindery/contracts';
import type { ServiceClient } from '@bindery/platform';
import { canonicalJson } from '../format/canonical-json';

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
/**
 * Bodies per request while pages stream in: small enough that content starts storing while the
 * first pages are still parsing, large enough that its per-request cost (a transaction, the
 * access check) stays small against the bodies.
 */
const DOCUMENT_STREAM_ITEMS = 50;
const DOCUMENT_CONCURRENCY = 2;

/**
 * Stores the bodies of an import's pages ahead of its apply, in bounded batches sent as pages
 * are added (while the import is still parsing the rest), and leaves each page with the body's
 * hash instead of the body: the apply then carries the tree only, so neither the message nor
 * content's heap grows with the repository's Markdown (a 1,000-page repository's bodies in one
 * apply ran content out of heap).
 */
export class BodyStore {
  private batch: Array<{ page: ImportPage; body: string }> = [];
  private bytes = 0;
  private readonly queue: Array<Array<{ page: ImportPage; body: string }>> = [];
  private running = 0;
  private failure: Error | undefined;
  private drained?: () => void;

  constructor(
    private readonly content: ServiceClient,
    private readonly ctx: RequestContext,
    private readonly spaceId: string,
    private readonly batchItems = DOCUMENT_STREAM_ITEMS,
  ) {}

  /** A page whose `document` is final; it goes with the next batch (an empty one is dropped: a page without a body is written as empty). */
  add(page: ImportPage): void {
    const document = page.document;
    if (document === undefined) return;
    delete page.document;
    if (Array.isArray(document.nodes) && document.nodes.length > 0) this.addBody(page, canonicalJson(document));
  }

  /** A page's final body as its canonical JSON text (`canonicalJson`; a Document with nodes); it goes with the next batch. */
  addBody(page: ImportPage, body: string): void {
    // Characters, not bytes: close enough to bound a batch.
    const full =
      this.batch.length >= Math.min(this.batchItems, IMPORT_STORE_DOCUMENTS_MAX) || this.bytes + body.length > DOCUMENT_BATCH_BYTES;
    if (this.batch.length > 0 && full) this.cut();
    this.batch.push({ page, body });
    this.bytes += body.length;
  }

  /** Sends what is left and waits for every batch; the first failure is thrown. */
  async flush(): Promise<void> {
    if (this.batch.length > 0) this.cut();
    if (this.running > 0 || this.queue.length > 0) await new Promise<void>((resolve) => (this.drained = resolve));
    if (this.failure !== undefined) throw this.failure;
  }

  private cut(): void {
    this.queue.push(this.batch);
    this.batch = [];
    this.bytes = 0;
    this.pump();
  }

  /** At most DOCUMENT_CONCURRENCY requests at once: bytes in flight stay bounded. */
  private pump(): void {
    if (this.failure !== undefined) this.queue.length = 0;
    while (this.running < DOCUMENT_CONCURRENCY && this.queue.length > 0) {
      const batch = this.queue.shift()!;
      this.running++;
      this.store(batch)
        .catch((error: unknown) => {
          this.failure ??= error instanceof Error ? error : new Error(String(error));
        })
        .finally(() => {
          this.running--;
          this.pump();
          if (this.running === 0 && this.queue.length === 0) this.drained?.();
        });
    }
  }

  private async store(batch: Array<{ page: ImportPage; body: string }>): Promise<void> {
    // As text: the bodies were serialised on the page threads, and are never built as objects here.
    const { hashes } = await this.content.send(ContentSubjects.importStoreDocuments, this.ctx, {
      spaceId: this.spaceId,
      documentTexts: batch.map(({ body }) => body),
    });
    batch.forEach(({ page }, i) => {
      if (hashes[i]) page.documentHash = hashes[i]!;
    });
  }
}

/** Stores the bodies of these pages and their sub-pages (see `BodyStore`). */
export async function storeDocuments(content: ServiceClient, ctx: RequestContext, spaceId: string, pages: ImportPage[]): Promise<void> {
  const store = new BodyStore(content, ctx, spaceId, IMPORT_STORE_DOCUMENTS_MAX);
  const walk = (list: ImportPage[]) => {
    for (const page of list) {
      store.add(page);
      walk(page.pages);
    }
  };
  walk(pages);
  await store.flush();
}
