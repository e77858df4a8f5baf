import { type PageTree, ROOT } from '../model/page-tree';
import { type PageJson, type PageJsonCache } from '../store/serialized-tree-cache';
import { type ComputedChildren, type DocumentLookup, type PageUrlBase, toWirePage } from './page.mapper';

/** Where the children go in a page serialised with `pages: []` (the first `"pages":[]` is the key: strings escape their quotes). */
const EMPTY_PAGES = '"pages":[]';

/** A tree's JSON, and the same text escaped as inside a JSON string. */
export interface TreeJson {
  json: string;
  /** `JSON.stringify(json)` without its quotes: the tree's reply carries the JSON as a string (`rawJson`). */
  quoted: string;
}

/**
 * `JSON.stringify({ pages: toWirePages(tree, urls, body, computed) })`, byte for byte, built from
 * `cache` where it can, with its escaped form (`quoted`) built beside it from each page's escaped
 * text, kept in `cache` too. `bodiesOf` is asked only for the bodies of the pages not cached.
 */
export async function pageTreeJson(
  tree: PageTree,
  urls: PageUrlBase,
  computed: ComputedChildren,
  cache: PageJsonCache,
  bodiesOf: (hashes: string[]) => Promise<DocumentLookup>,
): Promise<TreeJson> {
  // One walk from the root, each page's path made from its parent's: `tree.pathOf` per page
  // climbed to the root through every copy-on-write layer of the snapshot, and iterating a
  // layered snapshot's `pages` passes each key through every layer too (a tree read after each
  // merge rebuilt so was ~2.7 % of content's CPU under the soak).
  const keys = new Map<string, string | undefined>();
  const paths = new Map<string, string>();
  // Taken out of the cache first: an entry evicted while the tree is built must not leave a page
  // whose body was not loaded.
  const cached = new Map<string, PageJson>();
  const missing: string[] = [];
  const walk = (parent: string): void => {
    for (const id of tree.childrenOf(parent)) {
      const page = tree.peek(id)!;
      const parentPath = page.parent === ROOT ? '' : paths.get(page.parent);
      // As `tree.pathOf`: a page listed under another parent than its own falls back to it.
      const path = parentPath === undefined ? tree.pathOf(id) : page.parent === ROOT ? page.meta.slug : `${parentPath}/${page.meta.slug}`;
      paths.set(id, path);
      const key = page.type === 'computed' || page.nodeHash === undefined ? undefined : `${page.nodeHash}\u0000${path}\u0000${urls.app}`;
      keys.set(id, key);
      const own = key === undefined ? undefined : cache.get(key);
      if (own !== undefined) cached.set(id, own);
      else if (page.document) missing.push(page.document);
      walk(id);
    }
  };
  walk(ROOT);
  const body = await bodiesOf(missing);
  const json: string[] = ['{"pages":['];
  const quoted: string[] = ['{\\"pages\\":['];
  const write = (id: string): void => {
    const page = tree.peek(id)!;
    // Computed: whole, with its generated children (it has no children of its own in the tree).
    if (page.type === 'computed') {
      const whole = JSON.stringify(toWirePage(tree, page, urls, true, body, computed));
      json.push(whole);
      quoted.push(quote(whole));
      return;
    }
    let own = cached.get(id);
    if (own === undefined) {
      own = split(JSON.stringify(toWirePage(tree, page, urls, false, body, computed)));
      const key = keys.get(id);
      if (key !== undefined) cache.set(key, own);
    }
    json.push(own.prefix);
    quoted.push(own.quotedPrefix);
    // A link: no children shown.
    if (own.suffix === '') return;
    writeList(tree.childrenOf(id));
    json.push(own.suffix);
    quoted.push(own.quotedSuffix);
  };
  const writeList = (ids: string[]): void => {
    for (let i = 0; i < ids.length; i++) {
      if (i > 0) {
        json.push(',');
        quoted.push(',');
      }
      write(ids[i]);
    }
  };
  writeList(tree.childrenOf(ROOT));
  json.push(']}');
  quoted.push(']}');
  return { json: json.join(''), quoted: quoted.join('') };
}

/**
 * Text escaped as inside a JSON string. Escaping joins: the pieces of a tree are whole JSON texts
 * (cut between tokens), so no escape sequence or surrogate pair is split between two of them.
 */
const quote = (text: string): string => JSON.stringify(text).slice(1, -1);

/** A page's JSON with `pages: []`, cut where its children go. */
function split(json: string): PageJson {
  const at = json.indexOf(EMPTY_PAGES);
  if (at < 0) return { prefix: json, suffix: '', quotedPrefix: quote(json), quotedSuffix: '' };
  const cut = at + EMPTY_PAGES.length - 1;
  const prefix = json.slice(0, cut);
  const suffix = json.slice(cut);
  return { prefix, suffix, quotedPrefix: quote(prefix), quotedSuffix: quote(suffix) };
}
