import type { JsonDocument } from '@bindery/contracts';
import { type Document, documentToMarkdown, FrontmatterError, type MarkdownRefs, markdownOptionsFromRefs } from '@bindery/document';
import { type PageContext, type PageRead, type PageTask, parsePage, PreparedContext, readPage } from './read-page';

/** What reading one page file gave. */
export type ParsedPage =
  | { kind: 'page'; document: JsonDocument; frontmatter: Record<string, unknown> }
  /** Front matter (or nesting) the reader refused, and why. */
  | { kind: 'refused'; message: string }
  /** Still converting when its deadline passed: imported unparsed. */
  | { kind: 'timeout' };

/** Reads the page files of one import (see `readPage`). */
export interface PageReader {
  read(task: PageTask): Promise<PageRead>;
}

/**
 * Reads page files into Documents and writes Documents back as Markdown. The worker's converter
 * runs them on a pool of threads (`PagePool`): a thousand pages are seconds of CPU, and in
 * the all-in-one topology the worker shares its event loop with every other service.
 */
export interface PageConverter {
  /** Conversions to run at once (one per thread: a page's deadline starts when a thread takes it). */
  readonly concurrency: number;
  /** How long one page may take to parse, in ms (named in the import's notes). */
  readonly deadlineMs?: number;
  /** A page file's text: front matter, a leading `# title` taken as the title, the body. */
  parse(markdown: string, path: string): Promise<ParsedPage>;
  /** The page files of one import, each read whole against `context`. */
  pages(context: PageContext): PageReader;
  /** A Document as Markdown; references not in `refs` keep their text only. */
  write(document: JsonDocument, path: string, refs: MarkdownRefs): Promise<string>;
}

/** Converts on the caller's thread: for tests and tools, not for the worker. */
export const inProcessConverter: PageConverter = {
  concurrency: 1,
  parse(markdown) {
    return Promise.resolve().then((): ParsedPage => {
      try {
        return { kind: 'page', ...parsePage(markdown) };
      } catch (error) {
        if (error instanceof FrontmatterError) return { kind: 'refused', message: error.message };
        throw error;
      }
    });
  },
  pages(context) {
    const prepared = new PreparedContext(context);
    return { read: (task) => Promise.resolve().then(() => readPage(task, prepared)) };
  },
  write(document, _path, refs) {
    return Promise.resolve(documentToMarkdown(document as unknown as Document, markdownOptionsFromRefs(refs)));
  },
};

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
