import type { JsonDocument } from '@bindery/contracts';
import { type Document, documentToMarkdown as toMarkdown, markdownToDocument as fromMarkdown } from '../markdown';

// The wire type of a page body (contracts) is looser than the converter's typed block tree;
// stored bodies come from validated input or from the converter itself, so the two agree.

/** Markdown of a page body. */
export function documentToMarkdown(document: JsonDocument): string {
  return toMarkdown(document as unknown as Document);
}

/** Page body of a Markdown text. */
export function markdownToDocument(markdown: string): JsonDocument {
  return fromMarkdown(markdown) as unknown as JsonDocument;
}
