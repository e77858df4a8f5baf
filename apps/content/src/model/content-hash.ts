import { hash } from 'node:crypto';

/**
 * JSON with object keys sorted, so equal values always serialise (and hash) the same way. Written
 * with loops and string appends: it runs over every stored body (an import hashes a hundred MB),
 * and the map/filter/join form was fifty times slower than `JSON.stringify`.
 */
export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i === 0 ? '' : ',') + stableStringify(value[i]);
    return out + ']';
  }
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object);
  // Default sort: UTF-16 code unit order, as the `<` comparison before. Often already in order.
  if (!inOrder(keys)) keys.sort();
  let out = '{';
  let first = true;
  for (const key of keys) {
    const item = object[key];
    if (item === undefined) continue;
    out += (first ? '' : ',') + quotedKey(key) + ':' + stableStringify(item);
    first = false;
  }
  return out + '}';
}

function inOrder(keys: string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (keys[i - 1] > keys[i]) return false;
  return true;
}

/** Keys repeat endlessly in documents (`object`, `type`, `nodes`…): each is quoted once. */
const quotedKeys = new Map<string, string>();
function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    if (quotedKeys.size < 10_000) quotedKeys.set(key, quoted);
  }
  return quoted;
}

/** Content address of a value: equal content, equal address, so unchanged pages are stored once. */
export function contentHash(value: unknown): string {
  return textHash(stableStringify(value));
}

/**
 * The content address of a value already serialised with `stableStringify`: its SHA-256 in
 * base64url. One-shot `hash` rather than a `createHash` object per call: each edit and merge hashes
 * every page and body it writes, and building the Hash object was ~1 % of content's CPU under the soak.
 */
export function textHash(text: string): string {
  return hash('sha256', text, 'base64url');
}
