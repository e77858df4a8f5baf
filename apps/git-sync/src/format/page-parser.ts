import type { JsonDocument } from '@bindery/contracts';
import {
  type Document,
  documentToMarkdown,
  FrontmatterError,
  type MarkdownRefs,
  markdownOptionsFromRefs,
  readPageMarkdown,
} from '@bindery/document';
import { AppError } from '@bindery/platform';
import type { MarkdownPool } from '@bindery/platform/markdown';

/** What reading one page file gave. */
export type ParsedPage =
  | { kind: 'page'; document: JsonDocument; frontmatter: Record<string, unknown> }
  /** Front matter (or nesting) the reader refused, and why. */
  | { kind: 'refused'; message: string }
  /** Still converting when its deadline passed: imported unparsed. */
  | { kind: 'timeout' };

/**
 * Reads page files into Documents and writes Documents back as Markdown. The worker's converter
 * runs them on a pool of threads (`poolPageConverter`): a thousand pages are seconds of CPU, and in
 * the all-in-one topology the worker shares its event loop with every other service.
 */
export interface PageConverter {
  /** Conversions to run at once (one per thread: a page's deadline starts when a thread takes it). */
  readonly concurrency: number;
  /** How long one page may take to parse, in ms (named in the import's notes). */
  readonly deadlineMs?: number;
  /** A page file's text: front matter, a leading `# title` taken as the title, the body. */
  parse(markdown: string, path: string): Promise<ParsedPage>;
  /** A Document as Markdown; references not in `refs` keep their text only. */
  write(document: JsonDocument, path: string, refs: MarkdownRefs): Promise<string>;
}

/** Converts on the caller's thread: for tests and tools, not for the worker. */
export const inProcessConverter: PageConverter = {
  concurrency: 1,
  parse(markdown) {
    return Promise.resolve().then((): ParsedPage => {
      try {
        const { document, frontmatter } = readPageMarkdown(markdown, { titleFromHeading: true });
        return { kind: 'page', document: document as unknown as JsonDocument, frontmatter };
      } catch (error) {
        if (error instanceof FrontmatterError) return { kind: 'refused', message: error.message };
        throw error;
      }
    });
  },
  write(document, _path, refs) {
    return Promise.resolve(documentToMarkdown(document as unknown as Document, markdownOptionsFromRefs(refs)));
  },
};

/**
 * Converts on a MarkdownPool's threads, each page within `deadlineMs` from the moment a thread
 * takes it (the caller runs at most `concurrency` at once, so no page waits in the queue on its
 * own clock). A page past its deadline is reported as `timeout`, its thread ended and replaced.
 */
export function poolPageConverter(pool: MarkdownPool, workers: number, deadlineMs: number): PageConverter {
  return {
    concurrency: workers,
    deadlineMs,
    async parse(markdown, path) {
      const signal = AbortSignal.timeout(deadlineMs);
      try {
        const { document, frontmatter } = await pool.toPage(markdown, path, true, signal);
        return { kind: 'page', document, frontmatter };
      } catch (error) {
        if (signal.aborted) return { kind: 'timeout' };
        // The pool's 400s (front matter, nesting) are `${field}: ${why}`.
        if (error instanceof AppError && error.code === 400) return { kind: 'refused', message: error.message.slice(path.length + 2) };
        throw error;
      }
    },
    write(document, path, refs) {
      // Writing is linear in the document and the page was read within its deadline: no per-page clock.
      return pool.toMarkdown(document, path, AbortSignal.timeout(Math.max(deadlineMs, 60_000)), refs);
    },
  };
}

/** `run` over every item, `concurrency` at a time; the results in the items' order. */
export async function mapConcurrently<T, R>(items: readonly T[], concurrency: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const at = next++;
      results[at] = await run(items[at]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, lane));
  return results;
}
