import { randomFillSync } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * Random bytes drawn ahead from the CSPRNG, each used once. One call into the CSPRNG per id was
 * ~1 % of content's CPU under the soak (a native call and a fresh buffer per id); a pool refills
 * once per ~200 ids. The bytes are as unpredictable either way: they come from the same source
 * and none is handed out twice.
 */
const pool = new Uint8Array(4096);
let nextByte = pool.length;

function randomByte(): number {
  if (nextByte === pool.length) {
    randomFillSync(pool);
    nextByte = 0;
  }
  return pool[nextByte++];
}

/** Random base62 string; 20 characters carry ~119 bits, enough to be unguessable. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    const byte = randomByte();
    // Rejection sampling keeps every character equally likely (248 = 4 * 62).
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out;
}

/** A new opaque identifier for any entity. */
export const newId = (): string => randomBase62(20);
