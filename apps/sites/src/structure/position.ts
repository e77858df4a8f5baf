import { type PositionAnchor, type Positioned, placeAmong as placeByAnchor, positionAfter } from '@bindery/platform/positions';

/** Site spaces, sections and section groups are ordered among their siblings by fractional keys (see `@bindery/platform/positions`). */
export type { Positioned } from '@bindery/platform/positions';

/** Sorts siblings by (position, id), the order every read uses. */
export function byPosition<T extends Positioned>(a: T, b: T): number {
  if (a.position !== b.position) return a.position < b.position ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The key that puts a new item after every sibling. */
export function positionAfterAll(siblings: Positioned[]): string {
  const last = siblings.reduce<string | null>((max, s) => (max === null || s.position > max ? s.position : max), null);
  return positionAfter(last);
}

/**
 * The rows to rewrite so that `movingId` sits before or after the sibling `anchor` (last when
 * none), among `siblings` in any order. Undefined when `anchor` is not a sibling.
 */
export function placeAmong(siblings: Positioned[], movingId: string, anchor?: PositionAnchor): Positioned[] | undefined {
  return placeByAnchor([...siblings].sort(byPosition), movingId, anchor);
}
