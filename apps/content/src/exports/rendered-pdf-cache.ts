/**
 * Rendered PDFs (base64) by what they show, bounded by size; the least recently used go first.
 * A revision never changes, so an entry is never stale. It spares a second render when a URL is
 * opened again within its hour (a user clicking twice, a shared link).
 */
export class RenderedPdfCache {
  private readonly entries = new Map<string, string>();
  private size = 0;

  constructor(private readonly maxChars: number) {}

  get(key: string): string | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      // Re-inserted to mark it as the most recently used.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: string): void {
    if (value.length > this.maxChars) return;
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.entries.delete(key);
      this.size -= previous.length;
    }
    this.entries.set(key, value);
    this.size += value.length;
    for (const [oldest, old] of this.entries) {
      if (this.size <= this.maxChars) break;
      this.entries.delete(oldest);
      this.size -= old.length;
    }
  }

  /** Characters held (for tests and metrics). */
  get chars(): number {
    return this.size;
  }
}

/** What a rendered PDF depends on: the revision, the page scope and the title it carries. */
export function renderedPdfKey(revisionId: string, page: string | undefined, only: boolean, title: string): string {
  return JSON.stringify([revisionId, page ?? null, only, title]);
}
