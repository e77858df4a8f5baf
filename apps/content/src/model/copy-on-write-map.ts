/**
 * A Map layered over a base map that it never changes: reads fall through to the base, writes
 * and deletes stay in this layer. Forking a 10,000-page tree this way costs nothing, and a merge
 * or an edit then pays only for what it touches.
 *
 * Callers change the objects they read (a page entry's `nodeHash`, a children list), so a value
 * read from the base is first copied into this layer (`copy`). Once `seal`ed, the map is a
 * snapshot: reads no longer copy and any write throws, so a cached revision tree cannot be
 * altered by accident.
 */
export class CopyOnWriteMap<K, V> extends Map<K, V> {
  private readonly removed = new Set<K>();
  private count: number;
  private isSealed = false;

  constructor(
    private readonly base: ReadonlyMap<K, V>,
    private readonly copy: (value: V) => V,
  ) {
    super();
    this.count = base.size;
  }

  /** Number of maps below this one; a long chain is worth flattening. */
  get depth(): number {
    return this.base instanceof CopyOnWriteMap ? this.base.depth + 1 : 1;
  }

  seal(): this {
    this.isSealed = true;
    return this;
  }

  get sealed(): boolean {
    return this.isSealed;
  }

  /** The value without copying it: for reads that do not change it. */
  peek(key: K): V | undefined {
    if (super.has(key)) return super.get(key);
    if (this.removed.has(key)) return undefined;
    return this.base instanceof CopyOnWriteMap ? (this.base as CopyOnWriteMap<K, V>).peek(key) : this.base.get(key);
  }

  override get(key: K): V | undefined {
    if (this.isSealed || super.has(key)) return this.peek(key);
    const value = this.peek(key);
    if (value === undefined) return undefined;
    const own = this.copy(value);
    super.set(key, own);
    return own;
  }

  override has(key: K): boolean {
    return super.has(key) || (!this.removed.has(key) && this.base.has(key));
  }

  override set(key: K, value: V): this {
    this.assertWritable();
    if (!this.has(key)) this.count++;
    super.set(key, value);
    return this;
  }

  override delete(key: K): boolean {
    this.assertWritable();
    if (!this.has(key)) return false;
    super.delete(key);
    if (this.base.has(key)) this.removed.add(key);
    this.count--;
    return true;
  }

  override clear(): void {
    this.assertWritable();
    super.clear();
    for (const key of this.base.keys()) this.removed.add(key);
    this.count = 0;
  }

  override get size(): number {
    return this.count;
  }

  override *keys(): MapIterator<K> {
    for (const key of this.base.keys()) if (!super.has(key) && !this.removed.has(key)) yield key;
    yield* super.keys();
  }

  override *entries(): MapIterator<[K, V]> {
    // Keys first: reading may copy values into this layer, which must not disturb the walk.
    for (const key of [...this.keys()]) yield [key, this.get(key)!];
  }

  override *values(): MapIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }

  override [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  override forEach(callback: (value: V, key: K, map: Map<K, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }

  private assertWritable(): void {
    if (this.isSealed) throw new Error('a sealed snapshot cannot be changed');
  }
}
