// The costly blocks of a page as plain data, rendered apart from the rest of the page: API
// reference blocks (walking a large spec's schemas), highlighted code and math. The reader renders
// them on its worker-thread pool (PageMarkdownPool) rather than on the event loop that answers
// every other request (and, in the all-in-one process, every service's). The page is rendered
// first with a mark in each block's place (document-html.ts), then the marks are replaced by the
// blocks' HTML.
import { randomBytes } from 'node:crypto';
import type { OpenApiDoc } from '../openapi/spec-source';
import { highlightCode, renderMath } from './code-math';
import { type OpenApiBlock, renderOpenApiBlock } from './openapi-blocks';

/** A code block's body to highlight (`language` as the document names it, lower-cased). */
export interface CodeBlock {
  kind: 'code';
  source: string;
  language: string;
}

/** A formula to typeset, as a block (`display`) or inline. */
export interface MathBlock {
  kind: 'math';
  formula: string;
  display: boolean;
}

export type PageBlock = OpenApiBlock | CodeBlock | MathBlock;

/** What crosses to a worker thread (structured clone): the page's blocks and only the specs they use. */
export interface PageBlocksTask {
  specs: Record<string, OpenApiDoc>;
  blocks: PageBlock[];
}

/** Renders a page's costly blocks, in order. */
export interface PageBlocksRenderer {
  renderBlocks(task: PageBlocksTask): Promise<string[]>;
}

/** How long a page's blocks may take on a worker thread before the page answers 503 (and is not cached). */
export const PAGE_BLOCKS_TIMEOUT_MS = 10_000;

export function renderPageBlocks(task: PageBlocksTask): string[] {
  return task.blocks.map((block) => {
    if (block.kind === 'code') return highlightCode(block.source, block.language);
    if (block.kind === 'math') return renderMath(block.formula, block.display);
    return renderOpenApiBlock(task.specs, block);
  });
}

/** On the calling thread: for tests and tools that build a ReaderService without worker threads. */
export class InlinePageBlocks implements PageBlocksRenderer {
  renderBlocks(task: PageBlocksTask): Promise<string[]> {
    return Promise.resolve().then(() => renderPageBlocks(task));
  }
}

/**
 * Stands for block N in the page's HTML until it is rendered: an HTML comment (document text is
 * escaped, so it cannot write `<!--`) holding a mark random per process, so no document can spell it.
 */
const BLOCK_MARK = `bindery-block-${randomBytes(12).toString('hex')}`;
const BLOCK_MARKS = new RegExp(`<!--${BLOCK_MARK}:(\\d+)-->`, 'g');

export function blockMark(index: number): string {
  return `<!--${BLOCK_MARK}:${index}-->`;
}

/** `html` with each block's mark replaced by that block's rendered HTML. */
export function fillBlockMarks(html: string, blocks: string[]): string {
  return html.replace(BLOCK_MARKS, (_, index: string) => blocks[Number(index)] ?? '');
}
