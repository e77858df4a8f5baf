import { workerScript } from '@bindery/platform';
import { Piscina } from 'piscina';
import { OPENAPI_RENDER_TIMEOUT_MS, type OpenApiHtmlRenderer, type OpenApiHtmlTask } from './openapi-blocks';
import type { PageMarkdownRenderer, PageMarkdownTask } from './page-markdown';

/**
 * The reader's worker threads, off the event loop: pages as Markdown, and pages' API reference
 * blocks as HTML. Threads start on demand and end after a minute idle, so an idle reader (or
 * all-in-one process) holds none. Work waiting beyond the queue is refused at once (the reader
 * answers 503) rather than queued without bound.
 */
export class PageMarkdownPool implements PageMarkdownRenderer, OpenApiHtmlRenderer {
  private readonly pool: Piscina<PageMarkdownTask | OpenApiHtmlTask, string | string[]>;

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
   * A page's API reference blocks. Past OPENAPI_RENDER_TIMEOUT_MS the task is aborted (its thread
   * ends and piscina starts another) and the page answers 503, uncached, rather than holding a
   * thread without bound.
   */
  renderOpenApi(task: OpenApiHtmlTask): Promise<string[]> {
    return this.pool.run(task, { name: 'openapi', signal: AbortSignal.timeout(OPENAPI_RENDER_TIMEOUT_MS) }) as Promise<string[]>;
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
