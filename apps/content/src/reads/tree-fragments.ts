import { LRUCache } from 'lru-cache';
import { type PageTree, ROOT } from '../model/page-tree';
import { type ComputedChildren, type DocumentLookup, type PageUrlBase, toWirePage } from '../pages/page.mapper';

/** Memory for the fragments (two bytes a character, as `treeMemoryBytes` counts trees). */
const FRAGMENT_BYTES = 16 * 1024 * 1024;

/**
 * The JSON of a page tree (`{"pages":[…]}`, the bytes `JSON.stringify` gives for the whole
 * tree) joined from the JSON of each top-level page with its subtree. A merge changes a few
 * pages, so the next revision's tree is mostly the previous one's: each top-level fragment is
 * cached by its page node's hash, which names its whole subtree (metadata, bodies by hash,
 * children), with the URL base (links) and the computed tag (generated children). Only the
 * changed subtrees are mapped, and only their bodies are read.
 */
export class TreeFragments {
  private readonly fragments = new LRUCache<string, string>({
    maxSize: FRAGMENT_BYTES,
    sizeCalculation: (json) => Math.max(1, json.length * 2),
  });

  async json(
    tree: PageTree,
    urls: PageUrlBase,
    computedTag: string,
    computed: ComputedChildren,
    bodies: (hashes: string[]) => Promise<DocumentLookup>,
  ): Promise<string> {
    const roots = tree.childrenOf(ROOT);
    // A page saved or loaded from storage has its node hash; one without it is never cached.
    const keyOf = (id: string) => {
      const hash = tree.pages.get(id)!.nodeHash;
      return hash === undefined ? undefined : `${hash} ${computedTag} ${urls.app}`;
    };
    const parts = roots.map((id) => {
      const key = keyOf(id);
      return key === undefined ? undefined : this.fragments.get(key);
    });
    const missing = roots.filter((_, index) => parts[index] === undefined);
    if (missing.length > 0) {
      const body = await bodies(documentsUnder(tree, missing));
      roots.forEach((id, index) => {
        if (parts[index] !== undefined) return;
        const json = JSON.stringify(toWirePage(tree, tree.pages.get(id)!, urls, true, body, computed));
        parts[index] = json;
        const key = keyOf(id);
        if (key !== undefined) this.fragments.set(key, json);
      });
    }
    return `{"pages":[${parts.join(',')}]}`;
  }
}

/** The body hashes of these pages and of every page below them. */
function documentsUnder(tree: PageTree, ids: string[]): string[] {
  const hashes: string[] = [];
  const stack = [...ids];
  while (stack.length > 0) {
    const id = stack.pop()!;
    const page = tree.pages.get(id);
    if (!page) continue;
    if (page.document) hashes.push(page.document);
    stack.push(...tree.childrenOf(id));
  }
  return hashes;
}
