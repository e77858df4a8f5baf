/**
 * Serialised page trees by tag, bounded by total bytes; the least recently used tree goes first.
 * A tag names an immutable revision's tree, so a cached tree is never stale: the only question
 * is which tag is current for a space or change request, and content answers that per request.
 */
export class PageTreeCache {
  /** Map order is recency: a read moves the tree to the end, eviction takes from the front. */
  private readonly trees = new Map<string, Buffer>();
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

  get(tag: string): Buffer | undefined {
    const body = this.trees.get(tag);
    if (body !== undefined) {
      this.trees.delete(tag);
      this.trees.set(tag, body);
    }
    return body;
  }

  set(ref: string, tag: string, body: Buffer): void {
    this.latest.delete(ref);
    this.latest.set(ref, tag);
    if (this.latest.size > this.maxRefs) this.latest.delete(this.latest.keys().next().value!);
    // A tree larger than the whole budget is served but not kept.
    if (this.trees.has(tag) || body.length > this.maxBytes) return;
    this.trees.set(tag, body);
    this.bytes += body.length;
    for (const [oldTag, oldBody] of this.trees) {
      if (this.bytes <= this.maxBytes) break;
      this.trees.delete(oldTag);
      this.bytes -= oldBody.length;
    }
  }

  get size(): { trees: number; bytes: number } {
    return { trees: this.trees.size, bytes: this.bytes };
  }
}
