import { LRUCache } from 'lru-cache';
import { type PageEntry, type PageTree, ROOT } from '../model/page-tree';
import { type ComputedChildren, type DocumentLookup, type PageUrlBase, toWirePage } from './page.mapper';

/**
 * One page's JSON around its children's: `prefix` + the children's JSON joined by commas + `suffix`.
 * A page without a `pages` array (a link) is all prefix.
 */
interface PageJson {
  prefix: string;
  suffix: string;
}

/** Where the children go in a page serialised with `pages: []` (the first `"pages":[]` is the key: strings escape their quotes). */
const EMPTY_PAGES = '"pages":[]';

/**
 * Each page's own JSON (without its children's), by what it is made of: the stored node's hash
 * (id, type, meta, body hash and children's hashes: the whole subtree, so a changed descendant
 * makes a new key), its path (its ancestors' slugs) and the URL base. A merge changes a few
 * pages and their ancestors; the next tree is then serialised from the other pages' cached text
 * instead of stringifying every body again. Computed pages are never cached: their generated
 * children follow their spec's newest version, which the node does not name.
 */
export class PageJsonCache extends LRUCache<string, PageJson> {
  constructor(maxBytes: number) {
    // lru-cache refuses a zero maxSize; one byte caches nothing (every page is longer).
    super({ maxSize: Math.max(1, maxBytes), sizeCalculation: (json) => Math.max(1, (json.prefix.length + json.suffix.length) * 2) });
  }
}

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
