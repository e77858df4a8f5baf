// A page's API reference blocks as plain data, so they can be rendered apart from the page, on the
// reader's worker threads (page-blocks.ts): walking a large spec's schemas is the heaviest part of
// a page's HTML.
import type { OpenApiDoc } from '../openapi/spec-source';
import { renderOperation, renderSchemas, renderWebhook } from './openapi-html';

/** One API reference block; `spec` is the slug of the spec it shows, `id` its anchor in the page. */
export type OpenApiBlock =
  | { kind: 'operation'; spec: string; path: string; method: string; id: string }
  | { kind: 'webhook'; spec: string; name: string; method: string; id: string }
  | { kind: 'schemas'; spec: string; schemas: string[]; id: string };

/**
 * API reference blocks of one page rendered at most: each block's own work is bounded
 * (openapi-html.ts's budget), and this bounds their number, so one page's task stays bounded too.
 */
export const MAX_OPENAPI_BLOCKS_PER_PAGE = 100;

/** One block, with `specs` the specs by slug. */
export function renderOpenApiBlock(specs: Record<string, OpenApiDoc>, block: OpenApiBlock): string {
  const spec = Object.hasOwn(specs, block.spec) ? specs[block.spec] : undefined;
  switch (block.kind) {
    case 'operation':
      return renderOperation(spec, block.path, block.method, block.id);
    case 'webhook':
      return renderWebhook(spec, block.name, block.method, block.id);
    case 'schemas':
      return renderSchemas(spec, block.schemas, block.id);
  }
}
