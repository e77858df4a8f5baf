// A page's body as Markdown, as this visitor may see it (`<page>.md`, llms-full.txt). Writing
// Markdown walks the whole document (seconds for a page of thousands of blocks), so the reader runs
// it on worker threads (PageMarkdownPool); the inline form serves tests and tools.
import { type Document, walkDocument } from '@bindery/document';
import type { VisitorContext } from '../access/conditions';
import { type MarkdownLinks, readerMarkdown } from './reader-markdown';

/**
 * Where a page's links to other pages and files go, as plain data: only the ids the page refers
 * to, resolved on the calling thread (a worker thread cannot call back into the page index).
 */
export interface LinkTable {
  pages: Record<string, string>;
  files: Record<string, string>;
}

/** What crosses to a worker thread: plain data only (structured clone). */
export interface PageMarkdownTask {
  document?: Document;
  visitor: VisitorContext;
  links: LinkTable;
}

export interface PageMarkdownRenderer {
  render(task: PageMarkdownTask): Promise<string>;
  close(): Promise<void>;
}

export function pageMarkdown(task: PageMarkdownTask): string {
  if (!task.document) return '';
  const { pages, files } = task.links;
  const links: MarkdownLinks = { page: (id) => own(pages, id), file: (id) => own(files, id) };
  return readerMarkdown(task.document, task.visitor, links);
}

/** The link table of one document: every page and file its nodes' data refer to, resolved by `links`. */
export function linkTable(document: Document | undefined, links: MarkdownLinks): LinkTable {
  const table: LinkTable = { pages: {}, files: {} };
  if (!document) return table;
  walkDocument(document, (node) => {
    const data = (node as { data?: unknown }).data;
    if (typeof data !== 'object' || data === null) return;
    // Refs sit at any depth of a node's data (a link's `ref`, an image's `refDark`, a card's record).
    const stack: unknown[] = [data];
    while (stack.length > 0) {
      const value = stack.pop();
      if (typeof value !== 'object' || value === null) continue;
      const ref = value as { kind?: unknown; page?: unknown; file?: unknown; space?: unknown };
      if (ref.space === undefined && typeof ref.page === 'string' && (ref.kind === 'page' || ref.kind === 'anchor')) {
        const href = links.page(ref.page);
        if (href !== undefined) table.pages[ref.page] = href;
      }
      if (ref.space === undefined && ref.kind === 'file' && typeof ref.file === 'string') {
        const url = links.file(ref.file);
        if (url !== undefined) table.files[ref.file] = url;
      }
      for (const child of Object.values(value)) if (typeof child === 'object' && child !== null) stack.push(child);
    }
  });
  return table;
}

function own(record: Record<string, string>, key: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

/** On the calling thread: for tests and tools that build a ReaderService without worker threads. */
export class InlinePageMarkdown implements PageMarkdownRenderer {
  render(task: PageMarkdownTask): Promise<string> {
    return Promise.resolve().then(() => pageMarkdown(task));
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}
