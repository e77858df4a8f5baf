// A serialised page tree larger than one NATS message, cut into parts by content and joined by
// its readers (the gateway's `…/content/pages` and `…/content`, the reader's published sites).
import type { PagesListResult } from '@bindery/contracts';

/**
 * Most bytes of tree JSON per reply, as sent (escaped inside the reply's JSON): NATS refuses
 * messages over 64 MiB, and the rest of a revision (files, signed URLs) needs room too.
 */
export const PAGE_TREE_PART_BYTES = 56 * 1024 * 1024;

/**
 * Where each part of a serialised tree starts, so that each part, escaped as a JSON string, is at
 * most `maxBytes` bytes: one part (`[0]`) for every tree that fits one reply, as before parts.
 * No part ends inside a surrogate pair, so each part is well-formed text on its own (a reader may
 * join the parts as UTF-8 bytes).
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
    if (length > 1 && isHighSurrogate(rawJson.charCodeAt(start + length - 1))) length--;
    starts.push(start);
    start += length;
  }
  return starts;
}

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;

/** One part as its reader holds it: the tag it was cut under and its bytes or text (none: not sent). */
export interface TreePart<P> {
  tag: string;
  part?: P;
}

/**
 * Every part of a tree, in order, from the first answer (`first`: its tag and part count, with
 * `firstPart`) and `readPart` for the others (index 1…parts-1). Generic in the part's form: the
 * gateway joins text, the reader UTF-8 bytes it parses on a worker thread.
 */
export async function collectTreeParts<P>(
  first: Pick<PagesListResult, 'tag' | 'parts'>,
  firstPart: P,
  readPart: (index: number) => Promise<TreePart<P>>,
): Promise<P[]> {
  const parts = [firstPart];
  for (let index = 1; index < (first.parts ?? 1); index++) {
    const { tag, part } = await readPart(index);
    // A tag names one revision's bytes: a part of another tag (the cache rebuilt differently) cannot be joined.
    if (tag !== first.tag || part === undefined) throw new Error(`page tree part ${index} of ${first.tag} is not available`);
    parts.push(part);
  }
  return parts;
}

/**
 * The whole tree's JSON from an answer of `content.page.list` or `content.revision.get`: its
 * `rawJson`, with the later parts read through `readPart` when it came in parts. Null when the
 * answer carries no bytes (the caller named the tag it holds).
 */
export async function readTreeParts(
  result: PagesListResult,
  readPart: (index: number) => Promise<PagesListResult>,
): Promise<string | null> {
  if (result.rawJson === undefined) return null;
  const parts = await collectTreeParts(result, result.rawJson, async (index) => {
    const { tag, rawJson } = await readPart(index);
    return { tag, part: rawJson };
  });
  return parts.join('');
}
