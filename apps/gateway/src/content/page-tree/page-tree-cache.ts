import { LRUCache } from 'lru-cache';

/** A serialised tree, and its gzip form once it has been compressed. */
export interface CachedTree {
  body: Buffer;
  gzipped?: Buffer;
}

/**
 * Serialised page trees by tag, bounded by total bytes; the least recently used tree goes first.
 * A tag names an immutable revision's tree, so a cached tree is never stale: the only question
 * is which tag is current for a space or change request, and content answers that per request.
 *
 * A tree is kept only while some space or change request names its tag as current: every merge
 * makes a new tag, and the superseded tree is never asked for again (content names the current
 * tag on every read). Kept until the byte budget pushed them out, superseded trees filled the
 * whole budget under writes (`pnpm bench soak`: the gateway's memory grew by ~170 MB in 120 s).
 */
export class PageTreeCache {
  private readonly trees?: LRUCache<string, CachedTree>;
  /** The tag last served for each space or change request. */
  private readonly latest: LRUCache<string, string>;
  /** How many refs name each tag as current (a change request may share its space's tree). */
  private readonly holders = new Map<string, number>();

  /** `maxBytes` 0 keeps nothing (every read fetches the tree). */
  constructor(maxBytes: number, maxRefs = 10_000) {
    if (maxBytes > 0)
      this.trees = new LRUCache<string, CachedTree>({
        maxSize: maxBytes,
        sizeCalculation: (tree) => tree.body.length + (tree.gzipped?.length ?? 0),
      });
    this.latest = new LRUCache<string, string>({
      max: maxRefs,
      // Overwrites are counted in `set`; an evicted or deleted ref lets go of its tag here.
      noDisposeOnSet: true,
      dispose: (tag) => this.release(tag),
    });
  }

  /** The tag of the tree held for `ref`, if that tree is still in the cache. */
  knownTag(ref: string): string | undefined {
    const tag = this.latest.get(ref);
    return tag !== undefined && this.trees?.has(tag) ? tag : undefined;
  }

  get(tag: string): CachedTree | undefined {
    return this.trees?.get(tag);
  }

  /** Remembers `body` as the tree of `tag`, now current for `ref`; returns what is cached (or a lone copy). */
  set(ref: string, tag: string, body: Buffer): CachedTree {
    const previous = this.latest.get(ref);
    this.latest.set(ref, tag);
    if (previous !== tag) {
      this.holders.set(tag, (this.holders.get(tag) ?? 0) + 1);
      if (previous !== undefined) this.release(previous);
    }
    const existing = this.trees?.get(tag);
    if (existing) return existing;
    // A tree larger than the whole budget is served but not kept (the cache refuses it).
    const tree: CachedTree = { body };
    this.trees?.set(tag, tree);
    return tree;
  }

  /** Adds the gzip form of a cached tree (ignored if the tree has gone meanwhile). */
  addGzipped(tag: string, gzipped: Buffer): void {
    const tree = this.trees?.peek(tag);
    if (!tree || tree.gzipped) return;
    // Set again so that the size is counted anew.
    this.trees!.set(tag, { body: tree.body, gzipped });
  }

  /** A tag no ref names any more: its tree is dropped at once rather than when the budget runs out. */
  private release(tag: string): void {
    const left = (this.holders.get(tag) ?? 1) - 1;
    if (left > 0) {
      this.holders.set(tag, left);
      return;
    }
    this.holders.delete(tag);
    this.trees?.delete(tag);
  }

  get size(): { trees: number; bytes: number } {
    return { trees: this.trees?.size ?? 0, bytes: this.trees?.calculatedSize ?? 0 };
  }
}
