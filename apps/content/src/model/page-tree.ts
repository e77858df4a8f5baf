import type { ComputedPageSource, JsonDocument, PageFields, PageLinkTarget, PageType } from '@bindery/contracts';
import { CopyOnWriteMap } from './copy-on-write-map';

/** The key under which root pages are listed in `PageTree.children`. */
export const ROOT = '';

/** Page fields that are versioned with the page (everything but its body and its children). */
export interface PageMeta extends PageFields {
  title: string;
  slug: string;
  layout?: Record<string, unknown>;
  cover?: Record<string, unknown>;
  variables?: Record<string, string>;
  /** A link page's target (absent on other pages, so their stored hashes are unchanged). */
  target?: PageLinkTarget;
  /** A computed page's source (absent on other pages). */
  computed?: ComputedPageSource;
  createdAt: string;
  updatedAt: string;
}

/** Field names of PageMeta that merges compare one by one. */
export const PAGE_META_FIELDS: ReadonlyArray<keyof PageMeta> = [
  'title',
  'slug',
  'emoji',
  'icon',
  'description',
  'hidden',
  'noIndex',
  'noRobotsIndex',
  'layout',
  'cover',
  'variables',
  'target',
  'computed',
];

/**
 * One page version as stored, addressed by its content hash. Children are the hashes of the
 * child page versions (a Merkle tree), so a revision that changes one page shares every other
 * subtree with its parent revision and writes only the changed page and its ancestors.
 */
export interface StoredPageNode {
  id: string;
  /** Every node ever stored has a type; pages written before groups and links existed are all `document`. */
  type: PageType;
  meta: PageMeta;
  /** Content hash of the body in the documents table; null for an empty page. */
  document: string | null;
  children: string[];
}

/** A page inside a mutable working tree. */
export interface PageEntry {
  id: string;
  type: PageType;
  meta: PageMeta;
  document: string | null;
  parent: string;
  /** Hash of the stored node; undefined once the page or anything below it changed. */
  nodeHash?: string;
}

/**
 * A revision's page tree, flattened for edits and merges: pages by id and ordered children by
 * parent id (ROOT for top-level pages).
 *
 * A revision's tree is loaded once and kept as a sealed snapshot; edits and merges work on a
 * `fork()`, a copy-on-write layer over it, so their cost follows what they touch rather than the
 * size of the space.
 */
export class PageTree {
  /** `computedPages` of a sealed tree. */
  private keptComputedPages?: PageEntry[];

  constructor(
    readonly pages: Map<string, PageEntry> = new Map(),
    readonly children: Map<string, string[]> = new Map([[ROOT, []]]),
  ) {}

  /** A changeable tree over this one that never changes this one; free to create. */
  fork(): PageTree {
    return new PageTree(new CopyOnWriteMap(this.pages, copyEntry), new CopyOnWriteMap(this.children, (list) => [...list]));
  }

  /** Makes this tree a read-only snapshot (writes throw) and returns it. */
  seal(): PageTree {
    const sealed = this.pages instanceof CopyOnWriteMap ? this : this.fork();
    (sealed.pages as CopyOnWriteMap<string, PageEntry>).seal();
    (sealed.children as CopyOnWriteMap<string, string[]>).seal();
    return sealed;
  }

  /** A read-only snapshot (`seal`): it can never change, so what is derived from it may be kept. */
  get sealed(): boolean {
    return this.pages instanceof CopyOnWriteMap && this.pages.sealed;
  }

  /**
   * The computed pages with a source. Every read of a page tree asks (and nearly every tree has
   * none): walking every page of a copy-on-write snapshot per read was ~8 % of a cached tree
   * read's CPU in a profile, so a snapshot keeps its list (a snapshot never changes).
   */
  computedPages(): PageEntry[] {
    if (this.keptComputedPages) return this.keptComputedPages;
    const found = [...this.pages.values()].filter((p) => p.type === 'computed' && p.meta.computed);
    if (this.sealed) this.keptComputedPages = found;
    return found;
  }

  /** How many copy-on-write layers lie under this tree (0 for plain maps). */
  get layers(): number {
    return this.pages instanceof CopyOnWriteMap ? this.pages.depth : 0;
  }

  /** The same tree on plain maps: ends a long chain of layers. Entries are shared, not copied. */
  flatten(): PageTree {
    const pages = new Map<string, PageEntry>();
    for (const id of this.pages.keys()) pages.set(id, peek(this.pages, id)!);
    const children = new Map<string, string[]>();
    for (const id of this.children.keys()) children.set(id, peek(this.children, id)!);
    return new PageTree(pages, children);
  }

  /**
   * A page for reading only: on a fork, `pages.get` copies the page into the fork's layer (the
   * caller may change it), which a read that changes nothing need not pay for, nor leave behind
   * (an edit's slug check read every sibling so, a merge every member of a changed list).
   * Never change what this returns.
   */
  peek(id: string): Readonly<PageEntry> | undefined {
    return peek(this.pages, id);
  }

  childrenOf(parent: string): string[] {
    let list = this.children.get(parent);
    if (!list) {
      list = [];
      // A snapshot answers for a parent it does not list without recording it.
      if (!(this.children instanceof CopyOnWriteMap && this.children.sealed)) this.children.set(parent, list);
    }
    return list;
  }

  /** Marks a page and every ancestor as changed, so their nodes are written again. */
  touch(id: string): void {
    let current: string | undefined = id;
    // Bounded so that a cyclic parent chain (a merge conflict still being detected) cannot spin.
    for (let steps = 0; current && current !== ROOT && steps <= this.pages.size; steps++) {
      const page = this.pages.get(current);
      if (!page) return;
      page.nodeHash = undefined;
      current = page.parent;
    }
  }

  /** True when `id` is `ancestor` or lies below it. */
  isWithin(id: string, ancestor: string): boolean {
    let current: string | undefined = id;
    for (let steps = 0; current && current !== ROOT && steps <= this.pages.size; steps++) {
      if (current === ancestor) return true;
      current = this.peek(current)?.parent;
    }
    return false;
  }

  /** Adds a page under `parent` at `index` (the end when omitted). */
  insert(entry: PageEntry, index?: number): void {
    this.pages.set(entry.id, entry);
    const siblings = this.childrenOf(entry.parent);
    siblings.splice(index === undefined ? siblings.length : Math.min(index, siblings.length), 0, entry.id);
    this.touch(entry.id);
  }

  /** Moves a page (with its subtree) under `parent` at `index`. */
  move(id: string, parent: string, index?: number): void {
    const page = this.pages.get(id)!;
    this.touch(id);
    const from = this.childrenOf(page.parent);
    from.splice(from.indexOf(id), 1);
    page.parent = parent;
    const to = this.childrenOf(parent);
    to.splice(index === undefined ? to.length : Math.min(index, to.length), 0, id);
    this.touch(id);
  }

  /** Removes a page and its whole subtree; returns the removed ids. */
  remove(id: string): string[] {
    const page = this.pages.get(id);
    if (!page) return [];
    this.touch(id);
    const siblings = this.childrenOf(page.parent);
    siblings.splice(siblings.indexOf(id), 1);
    const removed: string[] = [];
    const stack = [id];
    while (stack.length > 0) {
      const current = stack.pop()!;
      removed.push(current);
      this.pages.delete(current);
      stack.push(...(this.children.get(current) ?? []));
      this.children.delete(current);
    }
    return removed;
  }

  /** Slash-separated slugs from the root: unique within a revision because slugs are unique among siblings. */
  pathOf(id: string): string {
    const slugs: string[] = [];
    let current: string | undefined = id;
    for (let steps = 0; current && current !== ROOT && steps <= this.pages.size; steps++) {
      const page = this.peek(current);
      if (!page) break;
      slugs.unshift(page.meta.slug);
      current = page.parent;
    }
    return slugs.join('/');
  }

  /** A sibling of `parent` other than `except` already using `slug`, if any. */
  slugTaken(parent: string, slug: string, except?: string): string | undefined {
    return this.childrenOf(parent).find((id) => id !== except && this.peek(id)?.meta.slug === slug);
  }
}

/** A page body with no content. */
export const emptyDocument = (): JsonDocument => ({ object: 'document', data: {}, nodes: [] });

/** A page entry another tree may change without touching this one's (meta included). */
const copyEntry = (page: PageEntry): PageEntry => ({ ...page, meta: { ...page.meta } });

const peek = <V>(map: Map<string, V>, key: string): V | undefined =>
  map instanceof CopyOnWriteMap ? (map as CopyOnWriteMap<string, V>).peek(key) : map.get(key);
