import type { ContentPosition } from '@bindery/contracts';

export interface Positioned {
  id: string;
  position: number;
}

/**
 * The position value that puts an item before or after a sibling (or last when no position is
 * given): the midpoint between neighbours, so no other row is rewritten. Undefined when the
 * sibling named by the position is not among `siblings`.
 */
export function placeAmong(siblings: Positioned[], movingId: string, position?: ContentPosition): number | undefined {
  const others = siblings.filter((s) => s.id !== movingId);
  const anchorOf = (pointer: NonNullable<ContentPosition['before']>) => ('space' in pointer ? pointer.space : pointer.collection);
  if (position?.before) {
    const index = others.findIndex((s) => s.id === anchorOf(position.before!));
    if (index < 0) return undefined;
    const next = others[index].position;
    return index === 0 ? next - 1 : (others[index - 1].position + next) / 2;
  }
  if (position?.after) {
    const index = others.findIndex((s) => s.id === anchorOf(position.after!));
    if (index < 0) return undefined;
    const previous = others[index].position;
    return index === others.length - 1 ? previous + 1 : (previous + others[index + 1].position) / 2;
  }
  return others.length === 0 ? 0 : others[others.length - 1].position + 1;
}
