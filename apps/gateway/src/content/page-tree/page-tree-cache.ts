/** A serialised tree, and its gzip form once it has been compressed. */
export interface CachedTree {
  body: Buffer;
  gzipped?: Buffer;
}

/**
 * Serialised page trees by tag, bounded by total bytes; the least recently used tree goes first.
 * A tag names an immutable revision's tree, so a cached tree is never stale: the only question
 * is which tag is current for a space or change request, and content answers that per request.
 */
export class PageTreeCache {
  /** Map order is recency: a read moves the tree to the end, eviction takes from the front. */
  private readonly trees = new Map<string, CachedTree>();
  /** The tag last served for each space or change request (bounded, oldest forgotten first). */
  private readonly latest = new Map<string, string>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly maxRefs = 10_000,
  ) {}

  /** The tag of the tree held for `ref`, if that tree is still in the cache. */
  knownTag(ref: string): string | undefined {
    const tag = this.latest.get(ref);
    return tag !== undefined && this.trees.has(tag) ? tag : undefined;
  }

  get(tag: string): CachedTree | undefined {
    const tree = this.trees.get(tag);
    if (tree !== undefined) {
      this.trees.delete(tag);
      this.trees.set(tag, tree);
    }
    return tree;
  }

  /** Remembers `body` as the tree of `tag`, now current for `ref`; returns what is cached (or a lone copy). */
  set(ref: string, tag: string, body: Buffer): CachedTree {
    this.latest.delete(ref);
    this.latest.set(ref, tag);
    if (this.latest.size > this.maxRefs) this.latest.delete(this.latest.keys().next().value!);
    const existing = this.trees.get(tag);
    if (existing) return existing;
    const tree: CachedTree = { body };
    // A tree larger than the whole budget is served but not kept.
    if (body.length > this.maxBytes) return tree;
    this.trees.set(tag, tree);
    this.bytes += body.length;
    this.evict();
    return tree;
  }

  /** Adds the gzip form of a cached tree (ignored if the tree has gone meanwhile). */
  addGzipped(tag: string, gzipped: Buffer): void {
    const tree = this.trees.get(tag);
    if (!tree || tree.gzipped) return;
    tree.gzipped = gzipped;
    this.bytes += gzipped.length;
    this.evict();
  }

  get size(): { trees: number; bytes: number } {
    return { trees: this.trees.size, bytes: this.bytes };
  }

  private evict(): void {
    for (const [tag, tree] of this.trees) {
      if (this.bytes <= this.maxBytes) break;
      this.trees.delete(tag);
      this.bytes -= tree.body.length + (tree.gzipped?.length ?? 0);
    }
  }
}
