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

/** The keys in sorted order (sorting skipped when they are in order already). */
export function sortedKeys(record: Record<string, unknown>): string[] {
  const keys = Object.keys(record);
  for (let i = 1; i < keys.length; i++) if (keys[i - 1] > keys[i]) return keys.sort();
  return keys;
}

/** Whether JavaScript lists this key before the others (the regular expression runs only on a key starting with a digit). */
export function isIntegerLike(key: string): boolean {
  const first = key.charCodeAt(0);
  return first >= 48 && first <= 57 && INTEGER_LIKE.test(key);
}
