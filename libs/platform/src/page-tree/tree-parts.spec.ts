import { collectTreeParts, readTreeParts, treePartStarts } from './tree-parts';

/** A tree's JSON with what escaping grows: quotes, backslashes, non-ASCII text and control characters. */
const treeJson = (pages: number): string =>
  JSON.stringify({
    pages: Array.from({ length: pages }, (_, i) => ({
      id: `p${i}`,
      title: `Page ${i} — «ünïcode» 文档`,
      document: { object: 'document', nodes: [{ object: 'text', leaves: [{ text: `say "hi" \\ tab\there ${'x'.repeat(i % 50)}` }] }] },
    })),
  });

/** What a reply of content carries for part `index`, as NATS sends it (the part escaped inside the reply's JSON). */
const sentBytes = (rawJson: string) => Buffer.byteLength(JSON.stringify({ tag: 't', rawJson }));

describe('a serialised page tree cut into reply parts', () => {
  it('keeps a tree that fits one reply whole', () => {
    expect(treePartStarts(treeJson(10), 64 * 1024)).toEqual([0]);
  });

  it('cuts a tree larger than one reply into parts that each fit, and that join back into the tree', async () => {
    const rawJson = treeJson(400);
    const maxBytes = 8 * 1024;
    expect(sentBytes(rawJson)).toBeGreaterThan(maxBytes * 4);
    const starts = treePartStarts(rawJson, maxBytes);
    const parts = starts.map((start, i) => rawJson.slice(start, starts[i + 1]));
    expect(parts.length).toBeGreaterThan(4);
    for (const part of parts) expect(Buffer.byteLength(JSON.stringify(part))).toBeLessThanOrEqual(maxBytes);
    // The caller's side: the first answer names the part count, the others are read by index.
    const joined = await readTreeParts({ tag: 't', rawJson: parts[0], parts: parts.length }, (index) =>
      Promise.resolve({ tag: 't', rawJson: parts[index] }),
    );
    expect(joined).toBe(rawJson);
  });

  it('refuses to join a part cut from other bytes (another tag)', async () => {
    await expect(
      readTreeParts({ tag: 't1', rawJson: '{"pa', parts: 2 }, () => Promise.resolve({ tag: 't2', rawJson: 'ges":[]}' })),
    ).rejects.toThrow(/part 1 of t1/);
  });

  it('never ends a part inside a surrogate pair, so the parts join as UTF-8 bytes too', () => {
    const rawJson = JSON.stringify({ pages: [{ title: `a${'😀'.repeat(3000)}` }] });
    for (const maxBytes of [1000, 1001, 1002, 1003]) {
      const starts = treePartStarts(rawJson, maxBytes);
      const parts = starts.map((start, i) => Buffer.from(rawJson.slice(start, starts[i + 1])));
      expect(parts.length).toBeGreaterThan(1);
      expect(Buffer.concat(parts).toString('utf8')).toBe(rawJson);
    }
  });

  it('collects parts in any form, in order, from the first answer and the later ones', async () => {
    const bytes = ['{"pa', 'ges"', ':[]}'].map((text) => Buffer.from(text));
    const parts = await collectTreeParts({ tag: 't', parts: 3 }, bytes[0], (index) => Promise.resolve({ tag: 't', part: bytes[index] }));
    expect(Buffer.concat(parts).toString()).toBe('{"pages":[]}');
    await expect(collectTreeParts({ tag: 't', parts: 2 }, bytes[0], () => Promise.resolve({ tag: 't' }))).rejects.toThrow(/part 1 of t/);
  });
});
