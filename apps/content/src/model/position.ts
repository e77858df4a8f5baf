import type { ContentPosition } from '@bindery/contracts';
import { placeAmong as placeByAnchor, type Positioned } from '@bindery/platform/positions';

/** Spaces and collections are ordered among their siblings by fractional keys (see `@bindery/platform/positions`). */
export { type Positioned, positionAfter } from '@bindery/platform/positions';

/**
 * The rows to rewrite so that `movingId` sits before or after a space or collection (or last when
 * no position is given), among `siblings` sorted by (position, id). Undefined when the sibling
 * named by the position is not among `siblings`.
 */
export function placeAmong(siblings: Positioned[], movingId: string, position?: ContentPosition): Positioned[] | undefined {
  const pointer = position?.before ?? position?.after;
  if (!pointer) return placeByAnchor(siblings, movingId);
  const id = pointer.type === 'space' ? pointer.space : pointer.collection;
  return placeByAnchor(siblings, movingId, { id, side: position?.before ? 'before' : 'after' });
}
