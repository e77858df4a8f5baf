import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_LENGTH = 12; // ~71 bits: collisions inside one document are not a practical concern.

// Random bytes are drawn 4 KiB at a time: one crypto call per key made converting a large page
// spend more time in randomBytes than in parsing.
let pool = Buffer.alloc(0);
let next = 0;

function randomByte(): number {
  if (next >= pool.length) {
    pool = randomBytes(4096);
    next = 0;
  }
  return pool[next++];
}

/** A random base62 block key. Rejection sampling keeps every character equally likely. */
export function randomKey(): string {
  let key = '';
  while (key.length < KEY_LENGTH) {
    const byte = randomByte();
    if (byte < 248) key += BASE62[byte % 62];
  }
  return key;
}

const MAX_ATTEMPTS = 100;

/**
 * Wraps a caller's generator so that keys are unique within one document: merges and block-level
 * diffs address blocks by key, so a repeated key would silently merge two blocks' histories.
 */
export function uniqueKeys(newKey: () => string): () => string {
  const seen = new Set<string>();
  return () => {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const key = newKey();
      if (!seen.has(key)) {
        seen.add(key);
        return key;
      }
    }
    throw new Error(`newKey returned only already-used keys in ${MAX_ATTEMPTS} attempts`);
  };
}
