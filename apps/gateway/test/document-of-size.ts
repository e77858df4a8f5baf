/** A one-paragraph page document whose JSON is exactly `size` long by `measure`: `unit` repeated in its text, padded with `a`. */
export function documentOfJsonSize(size: number, unit: string, measure: (text: string) => number): object {
  const doc = (text: string) => ({
    object: 'document',
    data: {},
    nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] }],
  });
  const empty = measure(JSON.stringify(doc('')));
  const per = measure(JSON.stringify(doc(unit))) - empty;
  const count = Math.floor((size - empty) / per);
  return doc(unit.repeat(count) + 'a'.repeat(size - empty - count * per));
}

export const utf16Length = (text: string): number => text.length;
export const utf8Bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

/** ASCII, 2- and 3-byte UTF-8, a surrogate pair, and characters JSON escapes (to 6 and to 2 characters). */
export const TEXT_UNITS = ['a', 'é', '文', '😀', '\u0001', '\\'];
