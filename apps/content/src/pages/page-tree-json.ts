import { type PageEntry, type PageTree, ROOT } from '../model/page-tree';
import { type PageJson, type PageJsonCache } from '../store/serialized-tree-cache';
import { type ComputedChildren, type DocumentLookup, type PageUrlBase, toWirePage } from './page.mapper';

/** Where the children go in a page serialised with `pages: []` (the first `"pages":[]` is the key: strings escape their quotes). */
const EMPTY_PAGES = '"pages":[]';

/**
 * `JSON.stringify({ pages: toWirePages(tree, urls, body, computed) })`, byte for byte, built from
 * `cache` where it can. `bodiesOf` is asked only for the bodies of the pages not cached.
 */
export async function pageTreeJson(
  tree: PageTree,
  urls: PageUrlBase,
  computed: ComputedChildren,
  cache: PageJsonCache,
  bodiesOf: (hashes: string[]) => Promise<DocumentLookup>,
): Promise<string> {
  const keyOf = (page: PageEntry): string | undefined =>
    page.type === 'computed' || page.nodeHash === undefined ? undefined : `${page.nodeHash}\u0000${tree.pathOf(page.id)}\u0000${urls.app}`;
  // Taken out of the cache first: an entry evicted while the tree is built must not leave a page
  // whose body was not loaded.
  const cached = new Map<string, PageJson>();
  const missing: string[] = [];
  for (const page of tree.pages.values()) {
    const key = keyOf(page);
    const own = key === undefined ? undefined : cache.get(key);
    if (own !== undefined) cached.set(page.id, own);
    else if (page.document) missing.push(page.document);
  }
  const body = await bodiesOf(missing);
  const pageJson = (id: string): string => {
    const page = tree.pages.get(id)!;
    // Computed: whole, with its generated children (it has no children of its own in the tree).
    if (page.type === 'computed') return JSON.stringify(toWirePage(tree, page, urls, true, body, computed));
    let own = cached.get(id);
    if (own === undefined) {
      own = split(JSON.stringify(toWirePage(tree, page, urls, false, body, computed)));
      const key = keyOf(page);
      if (key !== undefined) cache.set(key, own);
    }
    // A link: no children shown.
    if (own.suffix === '') return own.prefix;
    return own.prefix + tree.childrenOf(id).map(pageJson).join(',') + own.suffix;
  };
  return `{"pages":[${tree.childrenOf(ROOT).map(pageJson).join(',')}]}`;
}

/** A page's JSON with `pages: []`, cut where its children go. */
function split(json: string): PageJson {
  const at = json.indexOf(EMPTY_PAGES);
  if (at < 0) return { prefix: json, suffix: '' };
  const cut = at + EMPTY_PAGES.length - 1;
  return { prefix: json.slice(0, cut), suffix: json.slice(cut) };
}
