import { type PageTree, ROOT } from './page-tree';

/**
 * Old page paths → current paths, from a current tree and older trees added newest first: a path a
 * page had in an older tree redirects to the page's current path, unless some page has that path
 * now (a current page is never hidden behind a redirect) or the page is gone.
 */
export class MovedPaths {
  readonly moved = new Map<string, string>();
  private readonly now: Map<string, string>;
  private readonly taken: Set<string>;

  constructor(current: PageTree) {
    this.now = pathsOf(current);
    this.taken = new Set(this.now.values());
  }

  /** Adds the paths of an older tree; the newest old path of a path wins (trees come newest first). */
  add(older: PageTree): void {
    for (const [id, oldPath] of pathsOf(older)) {
      const newPath = this.now.get(id);
      if (newPath !== undefined && oldPath !== newPath && !this.taken.has(oldPath) && !this.moved.has(oldPath))
        this.moved.set(oldPath, newPath);
    }
  }
}

/** Every page's path in a tree, by page id. */
export function pathsOf(tree: PageTree): Map<string, string> {
  const paths = new Map<string, string>();
  const visit = (parent: string, prefix: string): void => {
    for (const id of tree.childrenOf(parent)) {
      const page = tree.pages.get(id);
      if (!page) continue;
      const path = prefix ? `${prefix}/${page.meta.slug}` : page.meta.slug;
      paths.set(id, path);
      visit(id, path);
    }
  };
  visit(ROOT, '');
  return paths;
}
