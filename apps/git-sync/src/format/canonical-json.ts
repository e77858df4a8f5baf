/**
 * A value's canonical JSON text: object keys in sorted order (UTF-16 code units), members whose
 * value is `undefined` left out, no whitespace. It is byte for byte what content's
 * `stableStringify` writes, and what content takes a page body as (`documentTexts`): content then
 * stores and hashes the text as sent, after checking it is canonical, instead of serialising
 * every body again on its one event loop. This runs on the page threads, where the work is spread
 * over the worker's cores.
 *
 * A copy with sorted keys is serialised natively (several times faster than building the text in
 * JavaScript). JavaScript lists integer-like keys first whatever the order they were added in, so
 * a value holding one (rare in a document) is written by hand instead; the text is the same.
 */
export function canonicalJson(value: unknown): string {
  try {
    return JSON.stringify(sortedCopy(value)) ?? 'null';
  } catch (error) {
    if (error !== INTEGER_KEY) throw error;
    return canonicalText(value);
  }
}

const INTEGER_KEY = Symbol('an integer-like key');
const INTEGER_LIKE = /^(?:0|[1-9]\d*)$/;

function sortedCopy(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const copy = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) copy[i] = sortedCopy(value[i]);
    return copy;
  }
  const record = value as Record<string, unknown>;
  const keys = sortedKeys(record);
  const copy: Record<string, unknown> = {};
  for (const key of keys) {
    const item = record[key];
    if (item === undefined) continue;
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- a signal caught by `canonicalJson`, not an error
    if (isIntegerLike(key)) throw INTEGER_KEY;
    copy[key] = sortedCopy(item);
  }
  return copy;
}

function canonicalText(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${Array.from(value, canonicalText).join(',')}]`;
  const record = value as Record<string, unknown>;
  const parts: string[] = [];
  for (const key of sortedKeys(record)) if (record[key] !== undefined) parts.push(`${JSON.stringify(key)}:${canonicalText(record[key])}`);
  return `{${parts.join(',')}}`;
}

/**
 * Sorted key orders seen, by an object's first key: each entry the keys as JavaScript lists them
 * and the same keys sorted. A converted document holds a few dozen shapes of object a hundred
 * thousand times over, so a page thread looks its order up (a few identity comparisons of
 * interned strings) instead of sorting the keys of every object again: that sort was a third of
 * the copy that `canonicalJson` and the source hash serialise. Bounded (other shapes are sorted
 * each time): a table's records, keyed by id, must not grow it without end.
 */
const orders = new Map<string, Array<readonly [readonly string[], readonly string[]]>>();
const FIRST_KEYS_KEPT = 256;
const ORDERS_PER_FIRST_KEY = 8;

/** The keys in sorted order (callers only read the list: it may be shared). */
export function sortedKeys(record: Record<string, unknown>): readonly string[] {
  const keys = Object.keys(record);
  const count = keys.length;
  if (count < 2) return keys;
  let known = orders.get(keys[0]);
  if (known)
    search: for (const [listed, sorted] of known) {
      if (listed.length !== count) continue;
      for (let i = 1; i < count; i++) if (listed[i] !== keys[i]) continue search;
      return sorted;
    }
  let sorted: readonly string[] = keys;
  for (let i = 1; i < count; i++)
    if (keys[i - 1] > keys[i]) {
      sorted = [...keys].sort();
      break;
    }
  if (!known && orders.size < FIRST_KEYS_KEPT) orders.set(keys[0], (known = []));
  if (known && known.length < ORDERS_PER_FIRST_KEY) known.push([keys, sorted]);
  return sorted;
}

/** Whether JavaScript lists this key before the others (the regular expression runs only on a key starting with a digit). */
export function isIntegerLike(key: string): boolean {
  const first = key.charCodeAt(0);
  return first >= 48 && first <= 57 && INTEGER_LIKE.test(key);
}
