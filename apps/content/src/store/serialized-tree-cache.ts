import { LRUCache } from 'lru-cache';

/**
 * Serialised page trees by tag (a tag names one tree for ever), bounded by their total length:
 * a 10,000-page tree is ~20 MB. Every merge makes a new tag, so the cache is always full under
 * writes; its bound is content's largest steady use of memory, hence its own setting
 * (`PAGE_TREE_CACHE_MB`, 64 by default). The gateway keeps a larger cache of the same trees in
 * front of this one, so this one mainly serves the gateway's misses and other replicas.
 */
export class SerializedTreeCache extends LRUCache<string, string> {
  constructor(maxMb: number) {
    // lru-cache refuses a zero maxSize; one character caches nothing (every tree is longer).
    super({ maxSize: Math.max(1, maxMb * 1024 * 1024), sizeCalculation: (json) => json.length });
  }
}
