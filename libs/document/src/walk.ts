import type { Document, DocumentBlock, DocumentFragment, DocumentInline, DocumentText } from './document.types';

/**
 * A node a Document holds. Documents written through the API may hold block and inline types the
 * model does not describe (OpenAPI blocks, drawings, ...): the walker reaches them too, so a
 * visitor should not assume `type` is one of the modelled ones.
 */
export type DocumentNode = DocumentBlock | DocumentFragment | DocumentInline | DocumentText;

export interface WalkStep {
  /** The node holding this one (the document itself for top-level blocks). */
  parent: Document | DocumentNode;
  /** 1 for top-level blocks. */
  depth: number;
}

/** Called once per node in document order; returning `false` skips the node's children. */
export type DocumentVisitor = (node: DocumentNode, step: WalkStep) => void | boolean;

interface Pending {
  node: DocumentNode;
  parent: Document | DocumentNode;
  depth: number;
}

/**
 * Visits every node of a document, parents before children, in reading order: a node's `nodes`,
 * then its `fragments` (image captions, expandable parts, table cells). Text leaves are not nodes:
 * read them from a `text` node's `leaves`. Walks without recursion, so a stored document of any
 * depth is safe.
 */
export function walkDocument(document: Document, visitor: DocumentVisitor): void {
  const stack: Pending[] = [];
  const pushChildren = (parent: Document | DocumentNode, depth: number) => {
    const children = childrenOf(parent);
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i], parent, depth });
  };
  pushChildren(document, 1);
  while (stack.length > 0) {
    const { node, parent, depth } = stack.pop()!;
    if (visitor(node, { parent, depth }) === false) continue;
    pushChildren(node, depth + 1);
  }
}

/** A node's children as stored, ignoring anything that is not an object (a malformed document). */
export function childrenOf(node: Document | DocumentNode): DocumentNode[] {
  const { nodes, fragments } = node as { nodes?: unknown; fragments?: unknown };
  const children: unknown[] = [...asArray(nodes), ...asArray(fragments)];
  return children.filter((child): child is DocumentNode => typeof child === 'object' && child !== null);
}

function asArray(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? (value as unknown[]) : [];
}
