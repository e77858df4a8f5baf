// Runs in a worker thread of the CommentConverter pool (piscina): parsing Markdown can take time
// quadratic in some inputs, which the event loop answering every request cannot spare. Only plain
// data crosses the thread boundary (structured clone), so errors become results.
import { type Document, documentToMarkdown, markdownToDocument } from '@bindery/document';

export type MarkdownTask = { kind: 'document'; markdown: string } | { kind: 'markdown'; document: Document };

export type MarkdownTaskResult =
  | { kind: 'document'; document: Document }
  | { kind: 'markdown'; markdown: string }
  /** Input the library cannot take; `message` follows the field name. */
  | { kind: 'refused'; message: string };

export default function convert(task: MarkdownTask): MarkdownTaskResult {
  try {
    if (task.kind === 'markdown') return { kind: 'markdown', markdown: documentToMarkdown(task.document) };
    return { kind: 'document', document: markdownToDocument(task.markdown) };
  } catch (error) {
    // A stack overflow in a recursive walk: nesting the input limits did not foresee.
    if (error instanceof RangeError) return { kind: 'refused', message: 'nests too deeply to convert' };
    return { kind: 'refused', message: 'is not a body this server can read' };
  }
}
