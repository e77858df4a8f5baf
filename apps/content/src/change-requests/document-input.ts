import type { DocumentInput, JsonDocument, PageFields } from '@bindery/contracts';
import { badRequest } from '@bindery/platform';
import { documentInputError } from '@bindery/document';
import type { MarkdownPool } from '@bindery/platform/markdown';
import { emptyDocument } from '../model/page-tree';
import { markdownPage } from '../pages/markdown-bridge';

export interface ResolvedDocument {
  document: JsonDocument;
  /** Page metadata a markdown document sets (frontmatter, title heading); they override the change's own fields. */
  fields?: PageFields;
  /** Converted from Markdown: its relative URLs (`./page.md`, `logo.png`) still name pages and files to resolve. */
  fromMarkdown?: boolean;
}

export interface DocumentRefs {
  /** Batch-local page refs to the ids the pages received. */
  pages: Map<string, string>;
  /** Batch-local file refs to file ids. */
  files?: Map<string, string>;
  /** Batch-local reusable content refs to the ids the reusable contents received. */
  reusableContents?: Map<string, string>;
  /** Converts Markdown off the event loop. */
  converter: MarkdownPool;
  /** The request's conversion deadline (`converter.budget()`), shared by all its documents. */
  signal: AbortSignal;
}

/**
 * Turns a change's document (markdown, JSON document or empty) into a page body, pointing the
 * references of a JSON document to batch-local refs at the ids the pages and files received
 * (Markdown's relative URLs are resolved later, against the tree: `resolveRelativeLinks`). Every body is checked
 * at this boundary (NATS callers other than the gateway exist): nesting depth and lone surrogates.
 * `titleFromHeading`: a markdown document's leading `# heading` is the page title (insert_page).
 */
export async function resolveDocument(
  input: DocumentInput,
  context: DocumentRefs,
  field: string,
  titleFromHeading = false,
): Promise<ResolvedDocument> {
  const refs = context.pages;
  const fileRefs = context.files ?? new Map<string, string>();
  const reusableRefs = context.reusableContents ?? new Map<string, string>();
  if ('markdown' in input) {
    if (typeof input.markdown !== 'string') throw badRequest(`${field}.markdown: must be a string`);
    const read = await context.converter.toPage(input.markdown, `${field}.markdown`, titleFromHeading, context.signal);
    return { ...markdownPage(read, `${field}.markdown`), fromMarkdown: true };
  }
  if ('document' in input) {
    const refused = documentInputError(input.document);
    if (refused) throw badRequest(`${field}.document: ${refused}`);
    return { document: replaceRefs(input.document, refs, fileRefs, reusableRefs) as JsonDocument };
  }
  return { document: emptyDocument() };
}

/**
 * Rewrites `{kind: "page" | "anchor", page: <ref>}`, `{kind: "file", file: <ref>}` and
 * `{kind: "reusable-content", reusableContent: <ref>}` references to the ids the refs stand for.
 */
function replaceRefs(value: unknown, refs: Map<string, string>, fileRefs: Map<string, string>, reusableRefs: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => replaceRefs(v, refs, fileRefs, reusableRefs));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = replaceRefs(v, refs, fileRefs, reusableRefs);
  if ((out.kind === 'page' || out.kind === 'anchor') && typeof out.page === 'string' && refs.has(out.page)) out.page = refs.get(out.page);
  if (out.kind === 'file' && typeof out.file === 'string' && fileRefs.has(out.file)) out.file = fileRefs.get(out.file);
  if (out.kind === 'reusable-content' && typeof out.reusableContent === 'string' && reusableRefs.has(out.reusableContent))
    out.reusableContent = reusableRefs.get(out.reusableContent);
  return out;
}
