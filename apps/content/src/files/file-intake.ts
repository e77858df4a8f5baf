import type { InsertFileInput } from '@bindery/contracts';
import { badRequest, conflict, newId } from '@bindery/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { holdContentWriteLock } from '../store/content-write-lock';
import { FILE_FETCH, type FileFetchConfig, fetchUpload } from './file-fetch';
import { type DecodedFile, decodeUpload } from './file-upload';
import { FILE_STORAGE, type FileStorage } from '../store/file-storage/file-storage';

/** An upload whose bytes are in storage: what the revision lists, and how the batch refers to it. */
export type StoredUpload = Omit<DecodedFile, 'bytes'>;

/** Url files fetched at once: enough to overlap slow servers, few enough to bound memory (1 MiB each). */
const FETCH_CONCURRENCY = 4;

/**
 * The bytes of a batch's `insert_files`: inline ones decoded, url ones fetched (guarded, within
 * one time budget for the batch), each stored as soon as it is read so that at most a few files
 * are held in memory. Every file gets a new id; results keep the request's order.
 */
@Injectable()
export class FileIntake {
  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(FILE_FETCH) private readonly fetching: FileFetchConfig,
  ) {}

  async storeAll(files: Array<{ input: InsertFileInput; field: string }>): Promise<StoredUpload[]> {
    // Inline bytes are checked first, so a bad one fails the batch before anything is fetched.
    const decoded = files.map(({ input, field }) => (input.base64 !== undefined ? decodeUpload(input, newId(), field) : undefined));
    const stored: StoredUpload[] = new Array<StoredUpload>(files.length);
    for (const [index, file] of decoded.entries()) if (file) stored[index] = await this.store(file);

    const deadline = Date.now() + this.fetching.batchTimeoutMs;
    const pending = files.flatMap(({ input, field }, index) =>
      input.url !== undefined ? [{ input: { ...input, url: input.url }, field, index }] : [],
    );
    let failed = false;
    const worker = async () => {
      // Once one file fails, the batch fails: the other workers take no further files.
      for (let next = pending.shift(); next && !failed; next = pending.shift()) {
        const timeoutMs = deadline - Date.now();
        if (timeoutMs <= 0) {
          failed = true;
          throw badRequest(
            `${next.field}.url: fetching the files of this batch took over ${this.fetching.batchTimeoutMs} ms; send fewer url files per batch`,
          );
        }
        try {
          stored[next.index] = await this.store(
            await fetchUpload(next.input, newId(), next.field, { policy: this.fetching.policy, timeoutMs }),
          );
        } catch (error) {
          failed = true;
          throw error;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(FETCH_CONCURRENCY, pending.length) }, worker));
    return stored;
  }

  /**
   * Called first in the batch's transaction: with the writers' lock held, the collector cannot run
   * until this transaction ends, so bytes found now stay. Bytes that were already stored (and not
   * written again) may have been collected between the upload and the lock, if nothing used them:
   * then the batch is refused and the caller sends it again.
   */
  async confirmStored(manager: EntityManager, uploads: StoredUpload[]): Promise<void> {
    await holdContentWriteLock(manager);
    const present = await Promise.all(uploads.map((upload) => this.storage.exists(upload.entry.hash)));
    const missing = uploads.find((_, i) => !present[i]);
    if (missing)
      throw conflict(`The bytes of file "${missing.entry.name}" were cleaned up while this batch was uploading; send the batch again`);
  }

  /** Bytes are content-addressed and written once: bytes of a batch that then fails are harmless. */
  private async store({ bytes, ...upload }: DecodedFile): Promise<StoredUpload> {
    await this.storage.put(upload.entry.hash, bytes);
    return upload;
  }
}
