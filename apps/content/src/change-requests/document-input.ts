import type { DocumentInput, JsonDocument, PageFields } from '@bindery/contracts';
import { badRequest } from '@bindery/platform';
import { emptyDocument } from '../model/page-tree';
import { markdownToPage } from '../pages/markdown-bridge';

export interface ResolvedDocument {
  document: JsonDocument;
  /** Page metadata a markdown document sets (frontmatter, title heading); they override the change's own fields. */
  fields?: PageFields;
}

/**
 * Turns a change's document (markdown, JSON document or empty) into a page body, pointing links
 * to batch-local refs at the ids the referenced pages (`refs`) and files (`fileRefs`) received.
 * `titleFromHeading`: a markdown document's leading `# heading` is the page title (insert_page).
 */
export function resolveDocument(
  input: DocumentInput,
  refs: Map<string, string>,
  field: string,
  fileRefs: Map<string, string> = new Map(),
  titleFromHeading = false,
): ResolvedDocument {
  if ('markdown' in input) {
    if (typeof input.markdown !== 'string') throw badRequest(`${field}.markdown: must be a string`);
    const markdown = input.markdown.replace(/\]\((?:\.\/)?([^)\s/]+?)(?:\.md)?\)/g, (whole, ref: string) => {
      const id = refs.get(ref);
      if (id) return `](/pages/${id})`;
      const fileId = fileRefs.get(ref);
      return fileId ? `](/files/${fileId})` : whole;
    });
    return markdownToPage(markdown, `${field}.markdown`, { titleFromHeading });
  }
  if ('document' in input) return { document: replaceRefs(input.document, refs, fileRefs) as JsonDocument };
  return { document: emptyDocument() };
}

/** Rewrites `{kind: "page", page: <ref>}` and `{kind: "file", file: <ref>}` references to the ids the refs stand for. */
function replaceRefs(value: unknown, refs: Map<string, string>, fileRefs: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => replaceRefs(v, refs, fileRefs));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = replaceRefs(v, refs, fileRefs);
  if (out.kind === 'page' && typeof out.page === 'string' && refs.has(out.page)) out.page = refs.get(out.page);
  if (out.kind === 'file' && typeof out.file === 'string' && fileRefs.has(out.file)) out.file = fileRefs.get(out.file);
  return out;
}
