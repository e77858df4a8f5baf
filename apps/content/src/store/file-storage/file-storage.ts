import { createHash } from 'node:crypto';

/**
 * Where file bytes live. Bytes are content-addressed: the key is the sha256 of the bytes, so a
 * key is written once and never changes, and the same upload in many revisions is stored once.
 */
export interface FileStorage {
  /** Stores bytes under their hash; a second write of the same hash is a no-op. */
  put(hash: string, bytes: Buffer): Promise<void>;
  /** The bytes stored under `hash`, or null when nothing is. */
  get(hash: string): Promise<Buffer | null>;
  exists(hash: string): Promise<boolean>;
  /** Removes the bytes of `hash` (nothing when absent). Only the collector calls it. */
  delete(hash: string): Promise<void>;
  /** Hashes of the bytes written before `cutoff`: the only ones the collector may consider. */
  listWrittenBefore(cutoff: Date): AsyncIterable<string>;
}

/** Nest injection token of the configured FileStorage. */
export const FILE_STORAGE = Symbol('FileStorage');

/** Hex sha256 of some bytes: the storage key of a file's content. */
export function bytesHash(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Accepts only keys this module produces, so a key can never climb out of its directory or prefix. */
export function assertHash(hash: string): void {
  if (!/^[0-9a-f]{64}$/.test(hash)) throw new Error(`not a sha256 storage key: ${hash}`);
}
