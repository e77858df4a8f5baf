import type { JsonDocument } from '@bindery/contracts';
import { checkedHashes, withinReply } from './read-batches';

const body = (text: string): JsonDocument => ({ object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', text }] });

describe('bodies read back for an export', () => {
  const bodies = new Map([
    ['a', body('x'.repeat(600))],
    ['b', body('y'.repeat(600))],
    ['c', body('z'.repeat(600))],
  ]);

  it('answers bodies in the order asked while their JSON fits the reply, and at least one', () => {
    expect(withinReply(['c', 'a', 'b'], bodies, 10_000).map((d) => d.hash)).toEqual(['c', 'a', 'b']);
    expect(withinReply(['c', 'a', 'b'], bodies, 1500).map((d) => d.hash)).toEqual(['c', 'a']);
    expect(withinReply(['b', 'a'], bodies, 10).map((d) => d.hash)).toEqual(['b']);
  });

  it('refuses a request that is not a bounded list of hashes with a 400 naming the field', () => {
    expect(() => checkedHashes('a')).toThrow(/hashes/);
    expect(() => checkedHashes([])).toThrow(/hashes/);
    expect(() => checkedHashes(Array.from({ length: 201 }, (_, i) => `h${i}`))).toThrow(/at most 200/);
    expect(() => checkedHashes(['a', 7])).toThrow(/hashes\[1\]/);
    expect(checkedHashes(['a', 'b'])).toEqual(['a', 'b']);
  });
});
