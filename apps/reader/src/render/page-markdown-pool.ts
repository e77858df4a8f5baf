import { workerScript } from '@bindery/platform';
import { Piscina } from 'piscina';
import type { PageMarkdownRenderer, PageMarkdownTask } from './page-markdown';

/**
 * Pages as Markdown on a pool of worker threads, off the event loop. Threads start on demand and
 * end after a minute idle, so an idle reader (or all-in-one process) holds none. Work waiting
 * beyond the queue is refused at once (the reader answers 503) rather than queued without bound.
 */
export class PageMarkdownPool implements PageMarkdownRenderer {
  private readonly pool: Piscina<PageMarkdownTask, string>;

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
    return this.pool.run(task);
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
