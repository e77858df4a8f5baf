import { type PageEntry, type PageTree, ROOT } from './page-tree';

/**
 * The page at a slash-separated path of slugs from the root (`guide/install`), groups included, as
 * `PageTree.pathOf` writes it; leading, trailing and doubled slashes are ignored. Undefined when
 * no page is there.
 */
export function pageAtPath(tree: PageTree, path: string): PageEntry | undefined {
  const slugs = path.split('/').filter((slug) => slug.length > 0);
  if (slugs.length === 0) return undefined;
  let parent = ROOT;
  let found: PageEntry | undefined;
  for (const slug of slugs) {
    found = tree
      .childrenOf(parent)
      .map((id) => tree.pages.get(id)!)
      .find((page) => page.meta.slug === slug);
    if (!found) return undefined;
    parent = found.id;
  }
  return found;
}
