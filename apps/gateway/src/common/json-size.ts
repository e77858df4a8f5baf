/**
 * Size limits on JSON values that arrive parsed (a page's document, a comment's document), without
 * serialising each value again only to measure it: the body is serialised once more anyway, to go to
 * the service, and measuring was a third pass over it (JSON.stringify of every edited document).
 *
 * `jsonSizeBound` walks the value and adds up what each part can take at most in JSON: a string
 * unit at most 6 (`\uXXXX`), which is also at most its UTF-8 bytes (3 for a unit of the Basic
 * Multilingual Plane, 4 for a surrogate pair's two), so the bound holds for the text's length and
 * for its UTF-8 bytes alike. Only a value whose bound passes the limit is serialised to be measured
 * exactly, so every decision is the one `JSON.stringify` gives.
 */

/** What one UTF-16 code unit of a string can take in JSON: `\u001f`, `\ud800`. */
const MAX_CHARS_PER_UNIT = 6;

/**
 * An upper bound of both `JSON.stringify(value).length` and its UTF-8 byte length, or undefined
 * once it passes `limit`, and for anything but plain JSON data (an object of another class, which
 * may have `toJSON`; undefined, which the text leaves out): then only the text itself says.
 * Iterative, so no value nests deep enough to overflow the stack.
 */
export function jsonSizeBound(value: unknown, limit: number): number | undefined {
  let size = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') size += current.length * MAX_CHARS_PER_UNIT + 2;
    // NaN and the infinities are written `null`.
    else if (typeof current === 'number') size += Number.isFinite(current) ? String(current).length : 4;
    else if (typeof current === 'boolean') size += 5;
    else if (current === null) size += 4;
    else if (Array.isArray(current) && Object.getPrototypeOf(current) === Array.prototype) {
      // Brackets and commas.
      size += 1 + Math.max(current.length, 1);
      for (let i = 0; i < current.length; i++) pending.push(current[i]);
    } else if (typeof current === 'object' && Object.getPrototypeOf(current) === Object.prototype) {
      const keys = Object.keys(current);
      // Braces and commas, then each key quoted with its colon.
      size += 1 + Math.max(keys.length, 1);
      for (const key of keys) {
        size += key.length * MAX_CHARS_PER_UNIT + 3;
        pending.push((current as Record<string, unknown>)[key]);
      }
    } else return undefined;
    if (size > limit) return undefined;
  }
  return size;
}

/** Whether `JSON.stringify(value).length <= max` (UTF-16 code units), serialising only a value that may be longer. */
export function jsonLengthAtMost(value: unknown, max: number): boolean {
  return jsonSizeBound(value, max) !== undefined || JSON.stringify(value).length <= max;
}

/** Whether `JSON.stringify(value)` takes at most `max` bytes in UTF-8, serialising only a value that may take more. */
export function jsonBytesAtMost(value: unknown, max: number): boolean {
  return jsonSizeBound(value, max) !== undefined || Buffer.byteLength(JSON.stringify(value), 'utf8') <= max;
}
