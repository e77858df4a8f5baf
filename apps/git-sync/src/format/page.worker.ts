// Runs in a thread of the git-sync worker's page pool (piscina; see `PagePool`). Only plain data
// crosses the thread boundary (structured clone), so the errors a caller should see become results.
import type { JsonDocument } from '@bindery/contracts';
import {
  type Document,
  documentToMarkdown,
  FrontmatterError,
  type MarkdownRefs,
  markdownInputError,
  markdownOptionsFromRefs,
} from '@bindery/document';
import type { ParsedPage } from './page-parser';
import { type PageContext, type PageRead, type PageTask, parsePage, PreparedContext, readPage } from './read-page';

/** An import's context, shared (not copied) with every thread: its JSON in a SharedArrayBuffer. */
export interface SharedContext {
  id: string;
  json: SharedArrayBuffer;
}

export type PageThreadTask =
  | { kind: 'read'; context: SharedContext; task: PageTask }
  | { kind: 'parse'; markdown: string }
  | { kind: 'write'; document: JsonDocument; refs: MarkdownRefs };

export type PageThreadResult = PageRead | ParsedPage | { kind: 'markdown'; markdown: string };

/** Contexts of the imports running (at most a few at once: the job's concurrency), newest last. */
const contexts = new Map<string, PreparedContext>();
const CONTEXTS_KEPT = 4;

function preparedContext({ id, json }: SharedContext): PreparedContext {
  let prepared = contexts.get(id);
  if (!prepared) {
    prepared = new PreparedContext(JSON.parse(Buffer.from(json).toString('utf8')) as PageContext);
    contexts.set(id, prepared);
    for (const old of contexts.keys()) if (contexts.size > CONTEXTS_KEPT) contexts.delete(old);
  }
  return prepared;
}

export default function run(task: PageThreadTask): PageThreadResult {
  switch (task.kind) {
    case 'read':
      return readPage(task.task, preparedContext(task.context));
    case 'parse': {
      const refused = markdownInputError(task.markdown);
      if (refused) return { kind: 'refused', message: refused };
      try {
        return { kind: 'page', ...parsePage(task.markdown) };
      } catch (error) {
        if (error instanceof FrontmatterError) return { kind: 'refused', message: error.message };
        if (error instanceof RangeError) return { kind: 'refused', message: 'nests too deeply to convert' };
        throw error;
      }
    }
    case 'write':
      try {
        return { kind: 'markdown', markdown: documentToMarkdown(task.document as unknown as Document, markdownOptionsFromRefs(task.refs)) };
      } catch (error) {
        if (error instanceof RangeError) return { kind: 'refused', message: 'nests too deeply to convert' };
        throw error;
      }
  }
}
