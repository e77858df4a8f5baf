// A page's API reference blocks as plain data, rendered apart from the rest of the page: walking a
// large spec's schemas is the heaviest part of a page's HTML, so the reader renders these blocks on
// its worker-thread pool (PageMarkdownPool) rather than on the event loop that answers every other
// request (and, in the all-in-one process, every service's). The page is rendered first with a
// mark in each block's place (document-html.ts), then the marks are replaced by the blocks' HTML.
import { randomBytes } from 'node:crypto';
import type { OpenApiDoc } from '../openapi/spec-source';
import { renderOperation, renderSchemas, renderWebhook } from './openapi-html';

/** One API reference block; `spec` is the slug of the spec it shows, `id` its anchor in the page. */
export type OpenApiBlock =
  | { kind: 'operation'; spec: string; path: string; method: string; id: string }
  | { kind: 'webhook'; spec: string; name: string; method: string; id: string }
  | { kind: 'schemas'; spec: string; schemas: string[]; id: string };

/** What crosses to a worker thread (structured clone): the page's blocks and only the specs they use. */
export interface OpenApiHtmlTask {
  specs: Record<string, OpenApiDoc>;
  blocks: OpenApiBlock[];
}

/** Renders a page's API reference blocks, in order. */
export interface OpenApiHtmlRenderer {
  renderOpenApi(task: OpenApiHtmlTask): Promise<string[]>;
}

/**
 * API reference blocks of one page rendered at most: each block's own work is bounded
 * (openapi-html.ts's budget), and this bounds their number, so one page's task stays bounded too.
 */
export const MAX_OPENAPI_BLOCKS_PER_PAGE = 100;

/** How long a page's API reference blocks may take on a worker thread before the page answers 503. */
export const OPENAPI_RENDER_TIMEOUT_MS = 10_000;

export function renderOpenApiBlocks(task: OpenApiHtmlTask): string[] {
  const specOf = (slug: string): OpenApiDoc | undefined => (Object.hasOwn(task.specs, slug) ? task.specs[slug] : undefined);
  return task.blocks.map((block) => {
    switch (block.kind) {
      case 'operation':
        return renderOperation(specOf(block.spec), block.path, block.method, block.id);
      case 'webhook':
        return renderWebhook(specOf(block.spec), block.name, block.method, block.id);
      case 'schemas':
        return renderSchemas(specOf(block.spec), block.schemas, block.id);
    }
  });
}

/** On the calling thread: for tests and tools that build a ReaderService without worker threads. */
export class InlineOpenApiHtml implements OpenApiHtmlRenderer {
  renderOpenApi(task: OpenApiHtmlTask): Promise<string[]> {
    return Promise.resolve().then(() => renderOpenApiBlocks(task));
  }
}

/**
 * Stands for block N in the page's HTML until it is rendered: an HTML comment (document text is
 * escaped, so it cannot write `<!--`) holding a mark random per process, so no document can spell it.
 */
const BLOCK_MARK = `bindery-openapi-${randomBytes(12).toString('hex')}`;
const BLOCK_MARKS = new RegExp(`<!--${BLOCK_MARK}:(\\d+)-->`, 'g');

export function blockMark(index: number): string {
  return `<!--${BLOCK_MARK}:${index}-->`;
}

/** `html` with each block's mark replaced by that block's rendered HTML. */
export function fillBlockMarks(html: string, blocks: string[]): string {
  return html.replace(BLOCK_MARKS, (_, index: string) => blocks[Number(index)] ?? '');
}
