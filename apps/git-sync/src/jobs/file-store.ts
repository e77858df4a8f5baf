import { ContentSubjects, type RequestContext } from '@bindery/contracts';
import type { ServiceClient } from '@bindery/platform';
import { boundedBatches, inTurns } from './store-batches';

/** Bytes of files per store request (base64 grows them by a third; NATS max_payload is 64 MiB). */
const STORE_BATCH_BYTES = 8 * 1024 * 1024;
/** Files per store request, and requests in flight at once. */
const STORE_BATCH_FILES = 200;
const STORE_CONCURRENCY = 3;

export interface BlobRef {
  oid: string;
  size: number;
}

/**
 * Stores an import's files in content, each distinct blob once (the same image under two paths
 * is one upload), and gives the content hash of each blob. `store` may be called more than once:
 * the assets folder goes while pages still parse, the files pages link to elsewhere after.
 */
export class FileStore {
  private readonly hashes = new Map<string, Promise<string>>();

  constructor(
    private readonly content: ServiceClient,
    private readonly ctx: RequestContext,
    private readonly spaceId: string,
    /** The blobs' bytes, by oid. */
    private readonly read: (oids: string[]) => Promise<Map<string, Buffer>>,
  ) {}

  /** Starts storing these blobs (those not started before); resolves once each is stored or failed (see `hashOf`). */
  store(blobs: BlobRef[]): Promise<void> {
    const fresh = new Map<string, BlobRef>();
    for (const blob of blobs) if (!this.hashes.has(blob.oid)) fresh.set(blob.oid, blob);
    const settled = new Map<string, { resolve: (hash: string) => void; reject: (error: unknown) => void }>();
    for (const oid of fresh.keys()) this.hashes.set(oid, new Promise<string>((resolve, reject) => settled.set(oid, { resolve, reject })));
    const batches = boundedBatches([...fresh.values()], (blob) => blob.size, { maxItems: STORE_BATCH_FILES, maxBytes: STORE_BATCH_BYTES });
    // A few requests at once: content writes each file in turn, so a thousand assets in one
    // request wait on one another's disk writes.
    const done = inTurns(batches, STORE_CONCURRENCY, async (batch) => {
      try {
        const bytes = await this.read(batch.map((blob) => blob.oid));
        const { hashes } = await this.content.send(ContentSubjects.importStoreFiles, this.ctx, {
          spaceId: this.spaceId,
          files: batch.map((blob) => ({ base64: bytes.get(blob.oid)!.toString('base64') })),
        });
        batch.forEach((blob, i) => settled.get(blob.oid)!.resolve(hashes[i]));
      } catch (error) {
        // Surfaces through `hashOf`; the other batches still go.
        batch.forEach((blob) => settled.get(blob.oid)!.reject(error));
      }
    });
    // Not left unhandled while nobody asks for them yet.
    for (const oid of fresh.keys()) this.hashes.get(oid)!.catch(() => undefined);
    return done;
  }

  /** The content hash of a blob given to `store`. */
  hashOf(oid: string): Promise<string> {
    const hash = this.hashes.get(oid);
    if (!hash) throw new Error(`blob ${oid} was not stored`);
    return hash;
  }
}
