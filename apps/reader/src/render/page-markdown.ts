// A page's body as Markdown, as this visitor may see it (`<page>.md`, llms-full.txt). Writing
// Markdown walks the whole document (seconds for a page of thousands of blocks), so the reader runs
// it on worker threads (PageMarkdownPool); the inline form serves tests and tools.
import { type Document, documentToMarkdown } from '@bindery/document';
import type { VisitorContext } from '../access/conditions';
import { visibleDocument } from './adaptive';

/** What crosses to a worker thread: plain data only (structured clone). */
export interface PageMarkdownTask {
  document?: Document;
  visitor: VisitorContext;
}

export interface PageMarkdownRenderer {
  render(task: PageMarkdownTask): Promise<string>;
  close(): Promise<void>;
}

export function pageMarkdown(task: PageMarkdownTask): string {
  return task.document ? documentToMarkdown(visibleDocument(task.document, task.visitor)) : '';
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
