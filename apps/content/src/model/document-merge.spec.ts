import type { JsonDocument } from '@bindery/contracts';
import { mergeDocuments } from './document-merge';

const block = (key: string, text: string) => ({
  object: 'block',
  type: 'paragraph',
  key,
  data: {},
  nodes: [{ object: 'text', leaves: [{ text }] }],
});
const doc = (...blocks: Array<[string, string]>): JsonDocument => ({
  object: 'document',
  data: {},
  nodes: blocks.map(([k, t]) => block(k, t)),
});
const texts = (d: JsonDocument) => d.nodes.map((n) => (n.nodes as Array<{ leaves: Array<{ text: string }> }>)[0].leaves[0].text);

describe('mergeDocuments', () => {
  const base = doc(['a', 'alpha'], ['b', 'bravo'], ['c', 'charlie']);

  it('merges edits to different blocks', () => {
    const result = mergeDocuments(
      base,
      doc(['a', 'ALPHA'], ['b', 'bravo'], ['c', 'charlie']),
      doc(['a', 'alpha'], ['b', 'bravo'], ['c', 'CHARLIE']),
    );
    expect(result.ok && texts(result.document)).toEqual(['ALPHA', 'bravo', 'CHARLIE']);
  });

  it('merges an insertion on one side with a deletion elsewhere on the other', () => {
    const result = mergeDocuments(
      base,
      doc(['a', 'alpha'], ['n', 'new'], ['b', 'bravo'], ['c', 'charlie']),
      doc(['a', 'alpha'], ['b', 'bravo']),
    );
    expect(result.ok && texts(result.document)).toEqual(['alpha', 'new', 'bravo']);
  });

  it('is a conflict when the same block changes differently on both sides', () => {
    expect(
      mergeDocuments(base, doc(['a', 'one'], ['b', 'bravo'], ['c', 'charlie']), doc(['a', 'two'], ['b', 'bravo'], ['c', 'charlie'])).ok,
    ).toBe(false);
  });

  it('accepts the same change made on both sides', () => {
    const same = doc(['a', 'same'], ['b', 'bravo'], ['c', 'charlie']);
    const result = mergeDocuments(base, same, same);
    expect(result.ok && texts(result.document)).toEqual(['same', 'bravo', 'charlie']);
  });
});
