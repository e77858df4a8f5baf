// Runs in a worker thread of the PageMarkdownPool (piscina): writing a large page's Markdown, or
// rendering its costly blocks (API reference blocks, highlighted code, math), would hold the event
// loop that answers every site's visitors (and, in the all-in-one process, every service's requests).
import { type PageBlocksTask, renderPageBlocks } from './page-blocks';
import { pageMarkdown, type PageMarkdownTask } from './page-markdown';

export default function render(task: PageMarkdownTask): string {
  return pageMarkdown(task);
}

/** `pool.run(task, { name: 'blocks' })`. */
export function blocks(task: PageBlocksTask): string[] {
  return renderPageBlocks(task);
}
