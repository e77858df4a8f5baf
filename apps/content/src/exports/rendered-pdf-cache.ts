import { LRUCache } from 'lru-cache';

/**
 * Rendered PDFs (base64) by what they show, bounded by their total length; the least recently
 * used go first. A revision never changes, so an entry is never stale. It spares a second render
 * when a URL is opened again within its hour (a user clicking twice, a shared link).
 */
export function renderedPdfCache(maxChars: number): LRUCache<string, string> {
  return new LRUCache<string, string>({ maxSize: maxChars, sizeCalculation: (base64) => base64.length });
}

/** What a rendered PDF depends on: the revision, the page scope and the title it carries. */
export function renderedPdfKey(revisionId: string, page: string | undefined, only: boolean, title: string): string {
  return JSON.stringify([revisionId, page ?? null, only, title]);
}
