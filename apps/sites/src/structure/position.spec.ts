import fc from 'fast-check';
import { byPosition, placeAmong, type Positioned } from './position';

/** Applies `placeAmong` to a list and returns the ids in key order. */
function apply(list: Positioned[], movingId: string, anchor?: { id: string; side: 'before' | 'after' }): Positioned[] | undefined {
  const rows = placeAmong(list, movingId, anchor);
  if (!rows) return undefined;
  const next = new Map(list.map((p) => [p.id, { ...p }]));
  for (const row of rows) next.set(row.id, { id: row.id, position: row.position });
  return [...next.values()].sort(byPosition);
}

describe('fractional positions of site structure items', () => {
  it('keeps the order a model predicts over any sequence of moves, with distinct keys', () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
    const move = fc.record({
      moving: fc.constantFrom(...ids),
      anchor: fc.option(fc.constantFrom(...ids), { nil: undefined }),
      before: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(move, { minLength: 1, maxLength: 300 }), (moves) => {
        let list: Positioned[] = [];
        for (const id of ids) list = apply(list, id)!;
        let model = [...ids];
        for (const m of moves) {
          if (m.anchor === m.moving) continue;
          const anchor = m.anchor ? { id: m.anchor, side: m.before ? ('before' as const) : ('after' as const) } : undefined;
          list = apply(list, m.moving, anchor)!;
          model = model.filter((id) => id !== m.moving);
          const at = anchor ? model.indexOf(anchor.id) + (anchor.side === 'after' ? 1 : 0) : model.length;
          model.splice(at, 0, m.moving);
          expect(list.map((p) => p.id)).toEqual(model);
          expect(new Set(list.map((p) => p.position)).size).toBe(list.length);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('renumbers siblings that share a key (concurrent writers) instead of failing', () => {
    const list = [
      { id: 'a', position: 'a0' },
      { id: 'b', position: 'a0' },
      { id: 'c', position: 'a1' },
    ];
    const moved = apply(list, 'c', { id: 'b', side: 'before' })!;
    expect(moved.map((p) => p.id)).toEqual(['a', 'c', 'b']);
    expect(new Set(moved.map((p) => p.position)).size).toBe(3);
  });

  it('answers undefined when the anchor is not a sibling', () => {
    expect(placeAmong([{ id: 'a', position: 'a0' }], 'a', { id: 'zz', side: 'after' })).toBeUndefined();
  });
});
