import { PAGE_TREE_PART_BYTES } from '@bindery/platform';
import { LRUCache } from 'lru-cache';

/**
 * Characters of serialised tree per page, measured on a real GitBook repository (the development
 * repository, 208 pages converted from Markdown: 11.8 M characters): a 1,000-page space's tree is
 * ~57 M characters, and as V8 holds it (two bytes a character, see `treeMemoryBytes`) ~113 MB.
 */
export const TREE_CHARACTERS_PER_PAGE = 56_700;

/** Most contents whose current tree `setCurrent` remembers (a hundred bytes each). */
const CURRENT_CONTENTS = 4_096;

/** A tree's JSON as kept: with its escaped form when it fits one reply. */
export interface SerializedTree {
  json: string;
  /** `JSON.stringify(json)` without its quotes (see `TreeJson.quoted`); only for a tree answered in one part. */
  quoted?: string;
}

/**
 * Serialised page trees by tag (a tag names one tree for ever), bounded by the memory they take
 * (`PAGE_TREE_CACHE_MB`). The gateway keeps a cache of the same trees in front of this one, so
 * this one mainly serves the gateway's misses, other replicas and the reader. It also says how
 * large a reply's part of a tree may be.
 *
 * A content's tree is looked up only by its current tag (content resolves the revision first), so
 * a tree superseded by a merge is never read again: `setCurrent` drops it. Without that, every merge
 * added a tree that stayed until the bound pushed it out, and content's memory grew by the whole
 * bound under writes (`pnpm bench soak`: 237 → 450 MB in 120 s, the bound being 192 MB of trees
 * plus 48 MB of page JSON).
 *
 * A tree that fits one reply is kept escaped as well (`SerializedTree.quoted`): every read of it
 * whose caller does not hold its tag answers with that text, instead of escaping the whole tree
 * again (`JSON.stringify` of its JSON, once per read: a tree changes with every merge of its
 * space, and the reads racing the gateway's first copy of the new tree each paid it).
 */
export class SerializedTreeCache extends LRUCache<string, SerializedTree> {
  /**
   * Each page's own JSON, from which a tree missing here is built (`pageTreeJson`): after a
   * merge only the changed pages are stringified again. A quarter of the trees' bound, besides it.
   */
  readonly pageJson: PageJsonCache;

  constructor(
    maxMb: number,
    /** Most bytes of tree per reply (`treePartStarts`): NATS's limit by default, lowered in tests only. */
    readonly partBytes = PAGE_TREE_PART_BYTES,
  ) {
    // lru-cache refuses a zero maxSize; one byte caches nothing (every tree is longer).
    super({
      maxSize: Math.max(1, maxMb * 1024 * 1024),
      sizeCalculation: (tree) => treeMemoryBytes(tree.json) + (tree.quoted?.length ?? 0) * 2,
    });
    this.pageJson = new PageJsonCache((maxMb * 1024 * 1024) / 4);
  }

  /**
   * What to keep of a tree just built: with its escaped form when it is answered in one part and
   * small beside the bound (an eighth of it: the current trees of several spaces still fit), else
   * its JSON alone (a large tree is answered in parts, cut from the JSON).
   */
  toKeep(tree: Required<SerializedTree>, onePart: boolean): SerializedTree {
    const bytes = (tree.json.length + tree.quoted.length) * 2;
    return onePart && bytes <= this.maxSize / 8 ? tree : { json: tree.json };
  }

  /** The tag each content (`contentKey`) was last answered with, oldest first (bounded by `CURRENT_CONTENTS`). */
  private readonly currentTags = new Map<string, string>();

  /**
   * Caches `tree` as the tree `content` now answers, dropping the tree it answered before (a
   * merge, or a computed page's new spec version, superseded it). Two reads racing a merge may
   * drop the newer tree once: it is rebuilt from the pages' cached JSON, never served stale, since
   * a tag names its tree for ever.
   */
  setCurrent(content: string, tag: string, tree: SerializedTree): void {
    const previous = this.currentTags.get(content);
    if (previous !== undefined && previous !== tag) this.delete(previous);
    this.currentTags.delete(content);
    this.currentTags.set(content, tag);
    if (this.currentTags.size > CURRENT_CONTENTS) this.currentTags.delete(this.currentTags.keys().next().value!);
    this.set(tag, tree);
  }
}

/**
 * A tree's memory as V8 holds the string: two bytes a character as soon as one character is not
 * Latin-1 (an emoji, a typographic quote, any CJK title: nearly every real space), one otherwise.
 * Counted as two for all (scanning tens of MB to tell would block the event loop).
 */
export const treeMemoryBytes = (json: string): number => Math.max(1, json.length * 2);

/**
 * One page's JSON around its children's: `prefix` + the children's JSON joined by commas + `suffix`.
 * A page without a `pages` array (a link) is all prefix.
 */
export interface PageJson {
  prefix: string;
  suffix: string;
  /** The same, escaped as inside a JSON string (the tree's reply carries it as one: see `TreeJson`). */
  quotedPrefix: string;
  quotedSuffix: string;
}

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
    super({
      maxSize: Math.max(1, maxBytes),
      sizeCalculation: (json) =>
        Math.max(1, (json.prefix.length + json.suffix.length + json.quotedPrefix.length + json.quotedSuffix.length) * 2),
    });
  }
}
