// One canonical shape for a run of inline content, so that equal text always yields equal nodes:
// adjacent text nodes become one, adjacent leaves with the same marks merge, empty leaves go, and
// marks are listed in a fixed order.
import type { DocumentLeaf, DocumentMark, DocumentText, InlineContent, MarkType } from './document.types';

export const MARK_ORDER: readonly MarkType[] = ['bold', 'italic', 'strikethrough', 'code', 'keyboard', 'superscript', 'subscript', 'color'];

/** One mark of each type (the last `color` wins), in MARK_ORDER; a `color` mark keeps its colours. */
export function sortMarks(marks: DocumentMark[]): DocumentMark[] {
  const byType = new Map<MarkType, DocumentMark>();
  for (const mark of marks) if (mark.type === 'color' || !byType.has(mark.type)) byType.set(mark.type, mark);
  return MARK_ORDER.filter((type) => byType.has(type)).map((type) => {
    const data = byType.get(type)?.data;
    return type === 'color' && data
      ? { object: 'mark', type, data: { text: data.text, background: data.background } }
      : { object: 'mark', type };
  });
}

const sameMark = (a: DocumentMark, b: DocumentMark): boolean =>
  a.type === b.type && a.data?.text === b.data?.text && a.data?.background === b.data?.background;

const sameMarks = (a: DocumentLeaf, b: DocumentLeaf): boolean =>
  a.marks.length === b.marks.length && a.marks.every((mark, index) => sameMark(mark, b.marks[index]));

function mergeLeaves(leaves: DocumentLeaf[]): DocumentLeaf[] {
  const merged: DocumentLeaf[] = [];
  for (const leaf of leaves) {
    if (!leaf.text) continue;
    const current = { object: 'leaf' as const, text: leaf.text, marks: sortMarks(leaf.marks) };
    const previous = merged[merged.length - 1];
    if (previous && sameMarks(previous, current)) previous.text += current.text;
    else merged.push(current);
  }
  return merged;
}

export function normalizeInlines<T extends InlineContent>(nodes: T[], newKey: () => string): T[] {
  const result: T[] = [];
  let pending: DocumentLeaf[] = [];
  const flush = (): void => {
    const leaves = mergeLeaves(pending);
    if (leaves.length > 0) result.push({ object: 'text', key: newKey(), leaves } satisfies DocumentText as T);
    pending = [];
  };
  for (const node of nodes) {
    if (node.object === 'text') {
      pending.push(...node.leaves);
    } else {
      flush();
      result.push(node);
    }
  }
  flush();
  return result;
}
