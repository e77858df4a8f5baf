import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random base62 string; 20 characters carry ~119 bits, enough to be unguessable. */
export function randomBase62(length: number): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  // Rejection sampling keeps every character equally likely (248 = 4 * 62).
  for (let i = 0; i < bytes.length && out.length < length; i++) {
    const byte = bytes[i];
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out.length === length ? out : out + randomBase62(length - out.length);
}

/** A new opaque identifier for any entity. */
export const newId = (): string => randomBase62(20);
