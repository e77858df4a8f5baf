import type { JsonDocument } from '@bindery/contracts';
import { changedReusable, showsAny, withReusableContent } from './reusable-text';

const para = (text: string) => ({ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ text }] }] });
const include = (id: string, space?: string) => ({
  object: 'block',
  type: 'reusable-content',
  isVoid: true,
  data: { ref: { kind: 'reusable-content', reusableContent: id, ...(space ? { space } : {}) } },
});
const doc = (...nodes: Array<Record<string, unknown>>): JsonDocument => ({ object: 'document', data: {}, nodes });

describe('reusable content in search text', () => {
  const shared = new Map([['rc1', doc(para('Shared'), include('rc1'))]]);

  it('puts the shared blocks in place of the block, one level deep, inside containers too', () => {
    const page = doc(para('Own'), { object: 'block', type: 'hint', nodes: [include('rc1')] }, include('unknown'), include('rc1', 'other'));
    expect(withReusableContent(page, shared).nodes).toEqual([
      para('Own'),
      { object: 'block', type: 'hint', nodes: [para('Shared'), include('rc1')] },
      include('rc1', 'other'),
    ]);
  });

  it('says which bodies show a reusable content and which reusable contents changed', () => {
    expect(showsAny(doc(para('x'), { object: 'block', type: 'hint', nodes: [include('rc1')] }), new Set(['rc1']))).toBe(true);
    expect(showsAny(doc(include('rc2')), new Set(['rc1']))).toBe(false);
    const a = { id: 'a', title: 'A', document: 'h1' };
    const b = { id: 'b', title: 'B', document: null };
    expect(
      [
        ...changedReusable(
          [a, b],
          [
            { ...a, document: 'h2' },
            { id: 'c', title: 'C', document: null },
          ],
        ),
      ].sort(),
    ).toEqual(['a', 'b', 'c']);
    expect(changedReusable([a, b], [b, a]).size).toBe(0);
  });
});
