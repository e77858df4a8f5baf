import { type PageEntry, type PageTree, ROOT } from '../model/page-tree';

/** A page of the export and how deep it sits below the export's top (0 for the top). */
export interface ScopedPage {
  page: PageEntry;
  depth: number;
}

/**
 * The pages an export holds, in tree order (each page before its subpages, siblings in their
 * order): the whole revision, one page and its subpages, or one page alone (`only`).
 * Undefined when `pageId` is not a page of the tree.
 */
export function pagesInScope(tree: PageTree, pageId: string | undefined, only: boolean): ScopedPage[] | undefined {
  if (pageId !== undefined) {
    const page = tree.pages.get(pageId);
    if (!page) return undefined;
    if (only) return [{ page, depth: 0 }];
  }
  const out: ScopedPage[] = [];
  // Iterative depth-first walk: a deep tree cannot overflow the stack.
  const stack: Array<{ id: string; depth: number }> =
    pageId !== undefined ? [{ id: pageId, depth: 0 }] : [...tree.childrenOf(ROOT)].reverse().map((id) => ({ id, depth: 0 }));
  while (stack.length > 0) {
    const { id, depth } = stack.pop()!;
    const page = tree.pages.get(id);
    if (!page) continue;
    out.push({ page, depth });
    const children = tree.childrenOf(id);
    for (let i = children.length - 1; i >= 0; i--) stack.push({ id: children[i], depth: depth + 1 });
  }
  return out;
}
