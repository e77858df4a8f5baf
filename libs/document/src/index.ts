// @bindery/document: the API's Document model, Document ⇄ Markdown for page bodies, walkers and
// text extraction. Framework-free (no NestJS), so jest and every service load it as is.
import type { Document } from './document.types';
import { DocumentToMdast, type DocumentToMarkdownOptions } from './document-to-markdown';
import { randomKey, uniqueKeys } from './keys';
import { MarkdownToDocument } from './markdown-to-document';
import { parseMarkdown, stringifyMarkdown } from './processor';

export type * from './document.types';
export type { DocumentToMarkdownOptions } from './document-to-markdown';
export { randomKey } from './keys';
export { documentInputError, hasLoneSurrogate, MAX_DOCUMENT_DEPTH, MAX_MARKDOWN_NESTING, markdownInputError } from './limits';
export { childrenOf, type DocumentNode, type DocumentVisitor, walkDocument, type WalkStep } from './walk';
export { type DocumentSection, documentSections, documentText, type TextOptions } from './text';
export { FrontmatterError, type PageMarkdown, type PageMarkdownOptions, readPageMarkdown } from './page-markdown';

export interface MarkdownToDocumentOptions {
  /** Generates block keys (default: random base62). Keys are checked to be unique in the document. */
  newKey?: () => string;
}

export function markdownToDocument(markdown: string, options: MarkdownToDocumentOptions = {}): Document {
  const newKey = uniqueKeys(options.newKey ?? randomKey);
  const tree = parseMarkdown(markdown);
  return { object: 'document', data: {}, nodes: new MarkdownToDocument(newKey).convert(tree.children) };
}

/**
 * A document of one code block holding `source` verbatim, unparsed: for a page too large to parse
 * within an import's budget, kept whole rather than dropped.
 */
export function codeBlockDocument(source: string, syntax: string, options: MarkdownToDocumentOptions = {}): Document {
  const newKey = uniqueKeys(options.newKey ?? randomKey);
  const code = { type: 'code' as const, lang: syntax, meta: null, value: source.replace(/\r?\n$/, '') };
  return { object: 'document', data: {}, nodes: new MarkdownToDocument(newKey).convert([code]) };
}

export function documentToMarkdown(document: Document, options: DocumentToMarkdownOptions = {}): string {
  const children = new DocumentToMdast(options).blocks(document.nodes);
  const markdown = children.length > 0 ? stringifyMarkdown({ type: 'root', children }) : '';
  // A page source opening with `---` may be read as frontmatter up to the next `---`: a leading
  // divider is written as `***`, the same block, so a body read back is never taken for metadata.
  return document.nodes[0]?.type === 'divider' ? markdown.replace(/^---/, '***') : markdown;
}
export { type MarkdownRefs, markdownOptionsFromRefs, resolveFromRefs } from './markdown-refs';
export { type InlineSpec, inlineSpec, inlineSpecProse, type InlineSpecText } from './legacy-swagger';
