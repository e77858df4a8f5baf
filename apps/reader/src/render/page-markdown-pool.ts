import { workerScript } from '@bindery/platform';
import { Piscina } from 'piscina';
import { PAGE_BLOCKS_TIMEOUT_MS, type PageBlocksRenderer, type PageBlocksTask } from './page-blocks';
import type { PageMarkdownRenderer, PageMarkdownTask } from './page-markdown';

/**
 * The reader's worker threads, off the event loop: pages as Markdown, and pages' costly blocks (API
 * reference blocks, highlighted code, math) as HTML. Threads start on demand and end after a minute
 * idle, so an idle reader (or all-in-one process) holds none. Work waiting beyond the queue is
 * refused at once (the reader answers 503) rather than queued without bound.
 */
export class PageMarkdownPool implements PageMarkdownRenderer, PageBlocksRenderer {
  private readonly pool: Piscina<PageMarkdownTask | PageBlocksTask, string | string[]>;

  constructor(threads: number) {
    this.pool = new Piscina({
      filename: workerScript(__dirname, 'page-markdown.worker.js'),
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: 60_000,
      maxQueue: 32 * threads,
    });
  }

  render(task: PageMarkdownTask): Promise<string> {
    return this.pool.run(task) as Promise<string>;
  }

  /**
   * A page's costly blocks. Past PAGE_BLOCKS_TIMEOUT_MS the task is aborted (its thread ends and
   * piscina starts another) and the page answers 503, uncached, rather than holding a thread
   * without bound.
   */
  renderBlocks(task: PageBlocksTask): Promise<string[]> {
    return this.pool.run(task, { name: 'blocks', signal: AbortSignal.timeout(PAGE_BLOCKS_TIMEOUT_MS) }) as Promise<string[]>;
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
