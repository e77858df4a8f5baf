import type { DocumentInput, JsonDocument } from '@bindery/contracts';
import { badRequest } from '@bindery/platform';
import { emptyDocument } from '../model/page-tree';
import { markdownToDocument } from '../pages/markdown-bridge';

export interface ResolvedDocument {
  document: JsonDocument;
  /** The title a markdown document gives through its leading "# heading". */
  title?: string;
}

/**
 * Turns a change's document (markdown, JSON document or empty) into a page body, pointing links
 * to batch-local refs at the ids the referenced pages received.
 */
export function resolveDocument(input: DocumentInput, refs: Map<string, string>, field: string): ResolvedDocument {
  if ('markdown' in input) {
    if (typeof input.markdown !== 'string') throw badRequest(`${field}.markdown: must be a string`);
    const markdown = input.markdown.replace(/\]\((?:\.\/)?([^)\s/]+?)(?:\.md)?\)/g, (whole, ref: string) => {
      const id = refs.get(ref);
      return id ? `](/pages/${id})` : whole;
    });
    const heading = /^#\s+(.+)$/m.exec(markdown);
    return { document: markdownToDocument(markdown), title: heading?.[1].trim() };
  }
  if ('document' in input) return { document: replaceRefs(input.document, refs) as JsonDocument };
  return { document: emptyDocument() };
}

/** Rewrites `{kind: "page", page: <ref>}` references to the page ids the refs stand for. */
function replaceRefs(value: unknown, refs: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => replaceRefs(v, refs));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = replaceRefs(v, refs);
  if (out.kind === 'page' && typeof out.page === 'string' && refs.has(out.page)) out.page = refs.get(out.page);
  return out;
}
