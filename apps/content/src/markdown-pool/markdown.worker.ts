// Runs in a worker thread of the MarkdownConverter pool (piscina): Markdown parsing costs time
// that the service's event loop, which answers every organization's requests, cannot spare.
// Only plain data crosses the thread boundary (structured clone), so errors become results.
import { type ContentRef, type Document, documentToMarkdown, FrontmatterError, readPageMarkdown } from '@bindery/document';

export type MarkdownTask = { kind: 'page'; markdown: string; titleFromHeading: boolean } | { kind: 'markdown'; document: Document };

export type MarkdownTaskResult =
  | { kind: 'page'; document: Document; frontmatter: Record<string, unknown>; headingTitle?: string }
  | { kind: 'markdown'; markdown: string }
  /** Input the converter cannot take; `message` is for the caller, after the field name. */
  | { kind: 'refused'; message: string };

export default function convert(task: MarkdownTask): MarkdownTaskResult {
  try {
    if (task.kind === 'markdown') return { kind: 'markdown', markdown: documentToMarkdown(task.document, { resolveRef: exportedUrl }) };
    const read = readPageMarkdown(task.markdown, { titleFromHeading: task.titleFromHeading });
    return { kind: 'page', ...read };
  } catch (error) {
    if (error instanceof FrontmatterError) return { kind: 'refused', message: error.message };
    // A stack overflow in a recursive walk: nesting the input limits did not foresee.
    if (error instanceof RangeError) return { kind: 'refused', message: 'nests too deeply to convert' };
    throw error;
  }
}

/**
 * Pages and files of the space are written `/pages/<id>` and `/files/<id>`: Markdown given back to
 * a change request resolves them to the same references, so the text round-trips.
 */
function exportedUrl(ref: ContentRef): string | undefined {
  if (ref.kind === 'url') return ref.url;
  // Another space's page or file has no URL here: its text is kept.
  if ('space' in ref && ref.space) return undefined;
  if (ref.kind === 'anchor') return ref.page ? `/pages/${ref.page}#${ref.anchor}` : `#${ref.anchor}`;
  return ref.kind === 'page' ? `/pages/${ref.page}` : `/files/${ref.file}`;
}
