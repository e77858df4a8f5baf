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

/** BASE62 as character codes, and a key's codes as drawn (one key at a time: no reentry). */
const BASE62_CODES = Array.from(BASE62, (c) => c.charCodeAt(0));
const drawn = new Array<number>(KEY_LENGTH);

/**
 * A random base62 block key. Rejection sampling keeps every character equally likely. The key is
 * made from its codes at once: appending a character at a time made a new string per character,
 * and a page of a thousand blocks makes a thousand keys.
 */
export function randomKey(): string {
  let length = 0;
  while (length < KEY_LENGTH) {
    const byte = randomByte();
    if (byte < 248) drawn[length++] = BASE62_CODES[byte % 62];
  }
  return String.fromCharCode(...drawn);
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
