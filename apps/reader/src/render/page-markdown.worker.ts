// Runs in a worker thread of the PageMarkdownPool (piscina): writing a large page's Markdown, or
// walking a large spec for its API reference blocks, would hold the event loop that answers every
// site's visitors (and, in the all-in-one process, every service's requests).
import { type OpenApiHtmlTask, renderOpenApiBlocks } from './openapi-blocks';
import { pageMarkdown, type PageMarkdownTask } from './page-markdown';

export default function render(task: PageMarkdownTask): string {
  return pageMarkdown(task);
}

/** `pool.run(task, { name: 'openapi' })`. */
export function openapi(task: OpenApiHtmlTask): string[] {
  return renderOpenApiBlocks(task);
}
