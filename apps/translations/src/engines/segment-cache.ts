import type { TranslateRequest, TranslationEngine } from './engine';

/** Translations remembered per engine: enough for a large space's repeated lines, bounded in memory. */
const DEFAULT_MAX_ENTRIES = 20_000;

/**
 * An engine that sends each distinct segment once: a request's repeated segments (table cells,
 * list items, "Note:") go once, and segments translated before (by any run of this worker with the
 * same languages and guidance) are answered from memory, least recently used forgotten first.
 */
export class CachingEngine implements TranslationEngine {
  readonly name: string;
  private readonly cache = new Map<string, string>();

  constructor(
    private readonly engine: TranslationEngine,
    private readonly maxEntries = DEFAULT_MAX_ENTRIES,
  ) {
    this.name = engine.name;
  }

  supports(from: TranslateRequest['from'], to: TranslateRequest['to']): Promise<boolean> {
    return this.engine.supports(from, to);
  }

  async translate(request: TranslateRequest): Promise<string[]> {
    const keyOf = (segment: string) => JSON.stringify([request.from, request.to, request.guidance ?? '', segment]);
    // Read before the engine call: concurrent requests may evict entries meanwhile.
    const known = new Map<string, string>();
    for (const segment of request.segments) {
      const hit = this.cache.get(keyOf(segment));
      if (hit !== undefined) known.set(segment, hit);
    }
    const missing = [...new Set(request.segments.filter((segment) => !known.has(segment)))];
    if (missing.length > 0) {
      const translated = await this.engine.translate({ ...request, segments: missing });
      missing.forEach((segment, i) => known.set(segment, translated[i]));
    }
    const out = request.segments.map((segment) => known.get(segment)!);
    // Remembered (or touched: moved to the young end of the map's insertion order) after use, so a
    // request larger than the cache still answers every segment.
    request.segments.forEach((segment, i) => this.remember(keyOf(segment), out[i]));
    return out;
  }

  private remember(key: string, translation: string): void {
    this.cache.delete(key);
    this.cache.set(key, translation);
    while (this.cache.size > this.maxEntries) this.cache.delete(this.cache.keys().next().value!);
  }
}
