import type { JsonDocument } from '@bindery/contracts';
import type { StoredReusableContent } from './reusable-contents';

/** Bodies of a revision's reusable contents by reusable content id. */
export type ReusableBodies = ReadonlyMap<string, JsonDocument>;

type Node = { type?: unknown; data?: { ref?: { reusableContent?: unknown; space?: unknown } }; nodes?: Node[] };

/** The reusable content a block shows, when it is one of this space's. */
function shownReusable(node: Node): string | undefined {
  const ref = node.type === 'reusable-content' ? node.data?.ref : undefined;
  return ref && typeof ref.reusableContent === 'string' && ref.space === undefined ? ref.reusableContent : undefined;
}

/**
 * A page body as a reader sees it: each `reusable-content` block replaced by the blocks of the body
 * it shows (one level: a reusable content inside another is not followed), so search finds the
 * shared text on every page that shows it.
 */
export function withReusableContent(document: JsonDocument, reusable: ReusableBodies): JsonDocument {
  if (reusable.size === 0) return document;
  const expand = (nodes: Node[]): Node[] =>
    nodes.flatMap((node) => {
      const id = shownReusable(node);
      if (id !== undefined) return reusable.get(id)?.nodes ?? [];
      return node.nodes ? [{ ...node, nodes: expand(node.nodes) }] : [node];
    });
  return { ...document, nodes: expand(document.nodes) };
}

/** Whether a body shows any of `ids`. */
export function showsAny(document: JsonDocument, ids: ReadonlySet<string>): boolean {
  const visit = (nodes: Node[] | undefined): boolean =>
    (nodes ?? []).some((node) => {
      const id = shownReusable(node);
      return (id !== undefined && ids.has(id)) || visit(node.nodes);
    });
  return visit(document.nodes);
}

/** Ids of the reusable contents added, removed or changed between two revisions. */
export function changedReusable(before: readonly StoredReusableContent[], after: readonly StoredReusableContent[]): Set<string> {
  const key = (item: StoredReusableContent) => `${item.title}\u0001${item.document ?? ''}`;
  const old = new Map(before.map((item) => [item.id, key(item)]));
  const changed = new Set<string>();
  for (const item of after) if (old.get(item.id) !== key(item)) changed.add(item.id);
  for (const id of old.keys()) if (!after.some((item) => item.id === id)) changed.add(id);
  return changed;
}
