import type { PageReadOptions } from '@bindery/contracts';
import { LRUCache } from 'lru-cache';
import type { PageEntry, PageTree } from '../model/page-tree';

/** Memory the kept answers may take (two bytes a character): ~16,000 answers of a typical 1 KB page. */
const PAGE_ANSWER_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * The JSON of single-page reads (`content.page.get`, `content.page.by-path`), by what the answer is
 * made of rather than by revision: a merge makes a new revision every time, but leaves most pages
 * as they were, so a page read after a merge is answered from the text kept before it. Access is
 * still checked, and the revision resolved, on every read: only the building of the answer (the
 * body lookup, the mapping, the Markdown conversion, `JSON.stringify`) is skipped.
 */
export class PageAnswerCache {
  private readonly answers: LRUCache<string, string>;

  constructor(maxBytes = PAGE_ANSWER_CACHE_BYTES) {
    // lru-cache refuses a zero maxSize; one byte caches nothing (every answer is longer).
    this.answers = new LRUCache({ maxSize: Math.max(1, maxBytes), sizeCalculation: (json) => Math.max(1, json.length * 2) });
  }

  /**
   * The answer kept under `key` (`pageAnswerKey`), else `build`'s, kept when there is a key.
   * Concurrent misses may each build: they build the same text.
   */
  async answer(key: string | undefined, build: () => Promise<string>): Promise<string> {
    if (key === undefined) return build();
    const kept = this.answers.get(key);
    if (kept !== undefined) return kept;
    const json = await build();
    this.answers.set(key, json);
    return json;
  }
}

/**
 * What a page's answer is made of, or undefined when it cannot be told from the page alone:
 *
 * - the page's stored node hash (its id, type, meta and body hash, and its children's hashes: the
 *   answer shows its children, so any change below it is a new hash), set on every page of a sealed
 *   snapshot (a fork's changed pages have none until it is saved);
 * - its path (its ancestors' slugs, which the node does not hold) and the URL base (space or change
 *   request) its links start from;
 * - the format asked and whether reusable content is dereferenced (only when the revision has any:
 *   without, the body is the same).
 *
 * Not kept: computed pages (their generated children follow their spec's newest version, which the
 * node does not name), and dereferenced bodies of a revision with reusable content (they show other
 * bodies, which the node does not name either).
 */
export function pageAnswerKey(
  tree: PageTree,
  page: Readonly<PageEntry>,
  app: string,
  options: PageReadOptions,
  hasReusableContent: boolean,
): string | undefined {
  if (page.type === 'computed' || page.nodeHash === undefined || !tree.sealed) return undefined;
  if (options.dereferenced && hasReusableContent) return undefined;
  const format = options.format === 'markdown' ? 'markdown' : 'document';
  return `${page.nodeHash}\u0000${tree.pathOf(page.id)}\u0000${app}\u0000${format}`;
}
