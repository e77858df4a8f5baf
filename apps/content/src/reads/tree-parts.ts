import { PAGE_TREE_PART_BYTES } from '@bindery/contracts';

/**
 * Where each part of a serialised tree starts, so that each part, escaped as a JSON string, is at
 * most `maxBytes` bytes: one part (`[0]`) for every tree that fits one reply, as before parts.
 */
export function treePartStarts(rawJson: string, maxBytes = PAGE_TREE_PART_BYTES): number[] {
  // JSON text holds no raw control character nor lone surrogate: escaped again, only `"` and `\`
  // grow (to 2 bytes), so twice its UTF-8 size bounds the reply. Nearly every tree stops here.
  if (Buffer.byteLength(rawJson) * 2 <= maxBytes) return [0];
  const sentBytes = (from: number, length: number) => Buffer.byteLength(JSON.stringify(rawJson.slice(from, from + length)));
  const starts: number[] = [];
  for (let start = 0; start < rawJson.length; ) {
    let length = Math.min(rawJson.length - start, maxBytes);
    for (let bytes = sentBytes(start, length); bytes > maxBytes; bytes = sentBytes(start, length))
      length = Math.max(1, Math.floor(((length * maxBytes) / bytes) * 0.98));
    starts.push(start);
    start += length;
  }
  return starts;
}
