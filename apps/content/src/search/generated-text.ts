import type { ComputedPageSource, RevisionPage } from '@bindery/contracts';
import { generatePages } from '../computed/computed-pages';
import type { OpenApiOutline } from '../computed/openapi-outline';
import { indexWords } from './search-text';
import type { IndexedPage } from './search.repository';

/** The computed page the generated pages hang from, as the index needs it. */
export interface ComputedAt {
  id: string;
  title: string;
  path: string;
  /** Titles from the root down to the computed page's parent. */
  ancestors: string[];
}

type Block = { type?: string; data?: Record<string, unknown>; nodes?: Block[]; leaves?: Array<{ text?: string }> };

/**
 * The pages a computed page generates, as the search index holds them: an operation is found by
 * its summary, method and path; a tag page by its description and its operations; the models page
 * by the model names. Generated bodies are API reference blocks without text of their own, so the
 * text comes from the spec's outline.
 */
export function generatedIndexedPages(outline: OpenApiOutline, source: ComputedPageSource, at: ComputedAt): IndexedPage[] {
  const summaries = new Map(outline.tags.flatMap((t) => t.operations.map((op) => [`${op.method} ${op.path}`, op.summary] as const)));
  const out: IndexedPage[] = [];
  const visit = (pages: RevisionPage[], ancestors: string[]) => {
    for (const page of pages) {
      const body = textOf((page.document as { nodes?: Block[] } | undefined)?.nodes ?? [], summaries);
      out.push({
        pageId: page.id,
        title: page.title,
        description: '',
        path: typeof page.path === 'string' ? page.path : '',
        ancestors: ancestors.map((title) => ({ title })),
        sections: [{ heading: '', anchor: null, body }],
        words: indexWords(`${page.title} ${body}`),
        generatedBy: at.id,
      });
      visit(page.pages ?? [], [...ancestors, page.title]);
    }
  };
  visit(generatePages(outline, source, { seed: at.id, path: at.path, app: '' }), [...at.ancestors, at.title]);
  return out;
}

function textOf(nodes: Block[], summaries: ReadonlyMap<string, string>): string {
  const parts: string[] = [];
  const walk = (list: Block[]) => {
    for (const node of list) {
      if (node.type === 'openapi-operation') {
        const method = typeof node.data?.method === 'string' ? node.data.method : '';
        const path = typeof node.data?.path === 'string' ? node.data.path : '';
        parts.push([summaries.get(`${method} ${path}`), method.toUpperCase(), path].filter(Boolean).join(' '));
      } else if (node.type === 'openapi-schemas') {
        parts.push(((node.data?.schemas as string[] | undefined) ?? []).join(' '));
      } else {
        for (const leaf of node.leaves ?? []) if (leaf.text) parts.push(leaf.text);
        walk(node.nodes ?? []);
      }
    }
  };
  walk(nodes);
  return parts.join('\n');
}
