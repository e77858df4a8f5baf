// Runs in a worker thread of the PageMarkdownPool (piscina): writing a large page's Markdown would
// hold the event loop that answers every site's visitors (and, in the all-in-one process, every
// service's requests).
import { pageMarkdown, type PageMarkdownTask } from './page-markdown';

export default function render(task: PageMarkdownTask): string {
  return pageMarkdown(task);
}
