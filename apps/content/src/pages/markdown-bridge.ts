import type { JsonDocument } from '@bindery/contracts';
import { emptyDocument } from '../model/page-tree';

// TEMPORARY: the Document ⇄ Markdown conversion lives in ../markdown (built on another branch).
// Until it lands these stand-ins keep the rest of the service working; when merging, replace
// this file's body with `export { documentToMarkdown, markdownToDocument } from '../markdown';`.

/** Markdown of a page body. Stand-in: empty until the markdown module lands. */
export function documentToMarkdown(_document: JsonDocument): string {
  return '';
}

/** Page body of a Markdown text. Stand-in: one paragraph per blank-line separated block. */
export function markdownToDocument(markdown: string): JsonDocument {
  const document = emptyDocument();
  for (const block of markdown.split(/\n{2,}/).map((b) => b.trim()).filter(Boolean)) {
    document.nodes.push({ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: block, marks: [] }] }] });
  }
  return document;
}
