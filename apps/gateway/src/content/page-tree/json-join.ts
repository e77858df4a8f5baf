/**
 * `{...a, ...b}` for two serialised JSON objects, without parsing either: used to put a cached
 * 20 MB page tree into a revision. The objects must not share keys (the caller's contract).
 */
export function joinJsonObjects(a: Buffer, b: Buffer): Buffer {
  for (const [name, json] of [
    ['first', a],
    ['second', b],
  ] as const) {
    if (json[0] !== 0x7b || json[json.length - 1] !== 0x7d) throw new Error(`the ${name} value is not a serialised JSON object`);
  }
  if (b.length === 2) return a;
  if (a.length === 2) return b;
  return Buffer.concat([a.subarray(0, a.length - 1), Buffer.from(','), b.subarray(1)]);
}
