import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';

/**
 * Items ordered among their siblings by a fractional key (content's spaces and collections, sites'
 * spaces, sections and section groups): a string that sorts bytewise (the columns are
 * `COLLATE "C"`; JavaScript compares ASCII strings the same way), and between any two distinct keys
 * there is always another, so a move rewrites only the moved row however often items are inserted
 * at the same place (floats ran out after ~50 midpoints).
 */
export interface Positioned {
  id: string;
  position: string;
}

/** Where a moved item goes: before or after the sibling `id`. */
export interface PositionAnchor {
  id: string;
  side: 'before' | 'after';
}

/** The key that puts a new item after every sibling (`last` is the greatest key, or null). */
export function positionAfter(last: string | null): string {
  return generateKeyBetween(last, null);
}

/**
 * The rows to rewrite so that `movingId` sits before or after the sibling `anchor` (last when none),
 * among `siblings` in key order. Usually that is only the moved item, with a key between its new
 * neighbours; when those neighbours share a key (two writers placed items at the same spot at once,
 * or a transfer brought a key from elsewhere) no key fits between them, and the whole list is
 * renumbered. Undefined when `anchor` is not among `siblings`.
 */
export function placeAmong(siblings: Positioned[], movingId: string, anchor?: PositionAnchor): Positioned[] | undefined {
  const others = siblings.filter((s) => s.id !== movingId);
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
