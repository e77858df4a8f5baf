// Runs in a worker thread of a MarkdownPool (piscina). Only plain data crosses the thread boundary
// (structured clone), so the errors a caller should see become results.
import {
  type ContentRef,
  type Document,
  documentToMarkdown,
  type DocumentToMarkdownOptions,
  FrontmatterError,
  markdownOptionsFromRefs,
  markdownToDocument,
  type MarkdownRefs,
  readPageMarkdown,
} from '@bindery/document';

/** `unreadable`, when given, refuses with that message any input the conversion fails on. */
export type MarkdownTask = { unreadable?: string } & (
  | { kind: 'page'; markdown: string; titleFromHeading: boolean }
  | { kind: 'document'; markdown: string }
  | { kind: 'markdown'; document: Document; spacePaths: boolean; refs?: MarkdownRefs }
);

export type MarkdownTaskResult =
  | { kind: 'page'; document: Document; frontmatter: Record<string, unknown>; headingTitle?: string }
  | { kind: 'document'; document: Document }
  | { kind: 'markdown'; markdown: string }
  /** Input the converter cannot take; `message` is for the caller, after the field name. */
  | { kind: 'refused'; message: string };

export default function convert(task: MarkdownTask): MarkdownTaskResult {
  try {
    switch (task.kind) {
      case 'markdown':
        return { kind: 'markdown', markdown: documentToMarkdown(task.document, resolverOf(task)) };
      case 'document':
        return { kind: 'document', document: markdownToDocument(task.markdown) };
      case 'page':
        return { kind: 'page', ...readPageMarkdown(task.markdown, { titleFromHeading: task.titleFromHeading }) };
    }
  } catch (error) {
    if (error instanceof FrontmatterError) return { kind: 'refused', message: error.message };
    // A stack overflow in a recursive walk: nesting the input limits did not foresee.
    if (error instanceof RangeError) return { kind: 'refused', message: 'nests too deeply to convert' };
    if (task.unreadable !== undefined) return { kind: 'refused', message: task.unreadable };
    throw error;
  }
}

function resolverOf(task: { spacePaths: boolean; refs?: MarkdownRefs }): DocumentToMarkdownOptions {
  const { refs } = task;
  if (refs) return markdownOptionsFromRefs(refs);
  return task.spacePaths ? { resolveRef: spacePath } : {};
}

/**
 * Pages and files of the space are written `/pages/<id>` and `/files/<id>`: Markdown given back to
 * a change request resolves them to the same references, so the text round-trips.
 */
function spacePath(ref: ContentRef): string | undefined {
  if (ref.kind === 'url') return ref.url;
  // Another space's page or file has no URL here: its text is kept.
  if ('space' in ref && ref.space) return undefined;
  if (ref.kind === 'anchor') return ref.page ? `/pages/${ref.page}#${ref.anchor}` : `#${ref.anchor}`;
  return ref.kind === 'page' ? `/pages/${ref.page}` : `/files/${ref.file}`;
}
