// Adaptive content inside a page: `if` blocks (`{% if expression %}`) show their children only when
// the expression holds for the visitor's claims, evaluated by the same evaluator as sections and
// site spaces. A missing, empty or broken expression hides the block: hidden is the safe answer.
import type { Document } from '@bindery/document';
import { evaluateCondition, type VisitorContext } from '../access/conditions';

type Node = { type?: string; data?: Record<string, unknown>; nodes?: Node[]; fragments?: Array<{ nodes?: Node[] }> };

/** Whether an `if` block's expression holds for the visitor (false when it is missing or broken). */
export function ifHolds(expression: unknown, visitor: VisitorContext): boolean {
  return typeof expression === 'string' && expression.trim() !== '' && evaluateCondition(expression, visitor);
}

/** Whether a document has `if` blocks (then what it shows depends on the visitor, and so do cache keys). */
export function hasConditions(document: Document | undefined): boolean {
  const visit = (nodes: Node[] | undefined): boolean =>
    (nodes ?? []).some((n) => n.type === 'if' || visit(n.nodes) || (n.fragments ?? []).some((f) => visit(f.nodes)));
  return visit(document?.nodes as unknown as Node[]);
}

/**
 * The document as this visitor may see it: `if` blocks that hold are replaced by their children,
 * the others removed. Used for the Markdown view, whose writer would otherwise keep every branch.
 */
export function visibleDocument(document: Document, visitor: VisitorContext): Document {
  const keep = (nodes: Node[]): Node[] =>
    nodes.flatMap((n) => {
      if (n.type === 'if') return ifHolds(n.data?.expression, visitor) ? keep(n.nodes ?? []) : [];
      const copy: Node = { ...n };
      if (n.nodes) copy.nodes = keep(n.nodes);
      if (n.fragments) copy.fragments = n.fragments.map((f) => ({ ...f, nodes: keep(f.nodes ?? []) }));
      return [copy];
    });
  return { ...document, nodes: keep(document.nodes as unknown as Node[]) as unknown as Document['nodes'] };
}
