import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';

/**
 * Site spaces, sections and section groups are ordered among their siblings by fractional keys
 * (the `fractional-indexing` library, as content orders spaces and collections): a move writes one
 * key between its new neighbours' keys, and there is always room between two distinct keys. The
 * columns are `COLLATE "C"`, so Postgres orders keys bytewise as JavaScript compares them.
 */
export interface Positioned {
  id: string;
  position: string;
}

/** Sorts siblings by (position, id), the order every read uses. */
export function byPosition<T extends Positioned>(a: T, b: T): number {
  if (a.position !== b.position) return a.position < b.position ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The key that puts a new item after every sibling. */
export function positionAfterAll(siblings: Positioned[]): string {
  const last = siblings.reduce<string | null>((max, s) => (max === null || s.position > max ? s.position : max), null);
  return generateKeyBetween(last, null);
}

/**
 * The rows to rewrite so that `movingId` sits before or after the sibling `anchor` (last when
 * none). Usually only the moved item, with a key between its new neighbours; when those share a
 * key (concurrent writers) the whole list is renumbered. Undefined when `anchor` is not a sibling.
 */
export function placeAmong(
  siblings: Positioned[],
  movingId: string,
  anchor?: { id: string; side: 'before' | 'after' },
): Positioned[] | undefined {
  const others = siblings.filter((s) => s.id !== movingId).sort(byPosition);
  let index = others.length;
  if (anchor) {
    const found = others.findIndex((s) => s.id === anchor.id);
    if (found < 0) return undefined;
    index = anchor.side === 'before' ? found : found + 1;
  }
  const lower = index > 0 ? others[index - 1].position : null;
  const upper = index < others.length ? others[index].position : null;
  if (lower === null || upper === null || lower < upper) {
    return [{ id: movingId, position: generateKeyBetween(lower, upper) }];
  }
  const order = [...others.slice(0, index).map((s) => s.id), movingId, ...others.slice(index).map((s) => s.id)];
  const keys = generateNKeysBetween(null, null, order.length);
  const before = new Map(others.map((s) => [s.id, s.position]));
  return order.map((id, i) => ({ id, position: keys[i] })).filter((row) => before.get(row.id) !== row.position);
}
