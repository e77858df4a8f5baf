import type { ContentPosition } from '@bindery/contracts';
import { type Positioned, placeAmong, positionAfter } from './position';

/**
 * Postgres order of the rows: `position COLLATE "C"` (bytewise), then id. Keys are printable ASCII
 * (checked below), where JavaScript's string order is the byte order.
 */
function sorted(rows: Positioned[]): Positioned[] {
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...rows].sort((a, b) => compare(a.position, b.position) || compare(a.id, b.id));
}

/** Applies a move the way the service does: compute the rows to rewrite, write them, re-read in order. */
function move(rows: Positioned[], id: string, position?: ContentPosition): Positioned[] {
  const changes = placeAmong(sorted(rows), id, position);
  if (!changes) throw new Error(`unknown neighbour for ${id}`);
  const next = new Map(rows.map((r) => [r.id, r.position]));
  for (const c of changes) next.set(c.id, c.position);
  return sorted([...next].map(([rowId, key]) => ({ id: rowId, position: key })));
}

const before = (space: string): ContentPosition => ({ before: { type: 'space', space } });
const after = (space: string): ContentPosition => ({ after: { type: 'space', space } });
const ids = (rows: Positioned[]) => rows.map((r) => r.id);

describe('positions', () => {
  it('keeps the order through 500 inserts between the same two items, from either side', () => {
    for (const side of ['before', 'after'] as const) {
      let rows: Positioned[] = [
        { id: 'A', position: positionAfter(null) },
        { id: 'B', position: positionAfter(positionAfter(null)) },
      ];
      const expected = ['A', 'B'];
      for (let i = 0; i < 500; i++) {
        const id = `x${String(i).padStart(3, '0')}`;
        rows = move([...rows, { id, position: positionAfter(rows.at(-1)!.position) }], id, side === 'before' ? before('B') : after('A'));
        expected.splice(side === 'before' ? expected.length - 1 : 1, 0, id);
        expect(new Set(rows.map((r) => r.position)).size).toBe(rows.length);
      }
      expect(ids(rows)).toEqual(expected);
      expect(rows.every((r) => /^[!-~]+$/.test(r.position))).toBe(true);
      // Keys grow about one character per five inserts at the same spot: far from any limit.
      expect(Math.max(...rows.map((r) => r.position.length))).toBeLessThan(120);
    }
  });

  it('moves one item back and forth between the same neighbours, rewriting only that item', () => {
    let rows: Positioned[] = ['A', 'B', 'C'].map((id, i) => ({ id, position: `a${i}` }));
    for (let i = 0; i < 300; i++) {
      const changes = placeAmong(rows, 'C', i % 2 ? before('B') : after('A'));
      expect(changes).toHaveLength(1);
      rows = move(rows, 'C', i % 2 ? before('B') : after('A'));
      expect(ids(rows)).toEqual(['A', 'C', 'B']);
      rows = move(rows, 'C', after('B'));
      expect(ids(rows)).toEqual(['A', 'B', 'C']);
    }
  });

  it('puts an item last without a position, and first before the first', () => {
    const rows: Positioned[] = ['A', 'B'].map((id, i) => ({ id, position: `a${i}` }));
    expect(ids(move(rows, 'A'))).toEqual(['B', 'A']);
    expect(ids(move(rows, 'B', before('A')))).toEqual(['B', 'A']);
    expect(placeAmong([], 'A')).toEqual([{ id: 'A', position: 'a0' }]);
  });

  it('renumbers the siblings when the neighbours share a key, keeping their order', () => {
    // Two spaces created at once read the same last key; the id breaks the tie.
    const rows: Positioned[] = [
      { id: 'A', position: 'a0' },
      { id: 'B', position: 'a1' },
      { id: 'C', position: 'a1' },
      { id: 'D', position: 'a2' },
    ];
    const changes = placeAmong(rows, 'D', after('B'))!;
    expect(changes.length).toBeGreaterThan(1);
    expect(ids(move(rows, 'D', after('B')))).toEqual(['A', 'B', 'D', 'C']);
  });

  it('refuses a neighbour that is not a sibling, or the moved item itself', () => {
    const rows: Positioned[] = [{ id: 'A', position: 'a0' }];
    expect(placeAmong(rows, 'A', before('A'))).toBeUndefined();
    expect(placeAmong(rows, 'B', after('nope'))).toBeUndefined();
    expect(placeAmong(rows, 'B', { before: { type: 'collection', collection: 'nope' } })).toBeUndefined();
  });
});
