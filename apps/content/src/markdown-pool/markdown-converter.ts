import type { JsonDocument } from '@bindery/contracts';
import { badRequest, unavailable, workerScript } from '@bindery/platform';
import { Piscina } from 'piscina';
import { type Document, markdownInputError } from '@bindery/document';
import type { MarkdownTask, MarkdownTaskResult } from './markdown.worker';

export interface MarkdownConverterOptions {
  /** Worker threads converting Markdown (MARKDOWN_WORKERS). */
  workers: number;
  /** Time one request's conversions may take together, in ms (MARKDOWN_TIMEOUT_MS). */
  budgetMs: number;
}

export interface ConvertedPage {
  document: JsonDocument;
  frontmatter: Record<string, unknown>;
  headingTitle?: string;
}

/**
 * Document ⇄ Markdown on a pool of worker threads. Parsing Markdown can cost time that grows with
 * the square of some inputs (micromark's emphasis and link resolution walk back over every open
 * delimiter), so it never runs on the event loop that answers requests. A request's conversions
 * share one deadline (`budget()`); a task still running when it passes is aborted, which ends its
 * thread (piscina starts another), and the request is a 400 naming the field.
 */
export class MarkdownConverter {
  private readonly pool: Piscina<MarkdownTask, MarkdownTaskResult>;

  constructor(private readonly options: MarkdownConverterOptions) {
    this.pool = new Piscina({
      filename: workerScript(__dirname, 'markdown.worker.js'),
      // Every thread starts (and loads the ESM parser, ~1-2 s) with the service, and a thread ended
      // by an abort is replaced at once: a cold thread would spend a request's budget loading.
      minThreads: options.workers,
      maxThreads: options.workers,
      // Work waiting beyond this is refused at once (503) rather than queued without bound.
      maxQueue: 64 * options.workers,
    });
  }

  /** The deadline shared by the conversions of one request. */
  budget(): AbortSignal {
    return AbortSignal.timeout(this.options.budgetMs);
  }

  /** A page's Markdown source read into a Document, frontmatter and title heading; `field` names it in errors. */
  async toPage(markdown: string, field: string, titleFromHeading: boolean, signal: AbortSignal): Promise<ConvertedPage> {
    const refused = markdownInputError(markdown);
    if (refused) throw badRequest(`${field}: ${refused}`);
    const result = await this.run({ kind: 'page', markdown, titleFromHeading }, field, signal);
    if (result.kind === 'refused') throw badRequest(`${field}: ${result.message}`);
    if (result.kind !== 'page') throw new Error(`unexpected result ${result.kind}`);
    return { ...result, document: result.document as unknown as JsonDocument };
  }

  /** A stored body as Markdown; `field` names what to change when it cannot be converted in time. */
  async toMarkdown(document: JsonDocument, field: string, signal: AbortSignal = this.budget()): Promise<string> {
    const result = await this.run({ kind: 'markdown', document: document as unknown as Document }, field, signal);
    if (result.kind === 'refused') throw badRequest(`${field}: the page's body ${result.message}`);
    if (result.kind !== 'markdown') throw new Error(`unexpected result ${result.kind}`);
    return result.markdown;
  }

  private async run(task: MarkdownTask, field: string, signal: AbortSignal): Promise<MarkdownTaskResult> {
    try {
      return await this.pool.run(task, { signal });
    } catch (error) {
      if (signal.aborted)
        throw badRequest(
          `${field}: took longer than ${this.options.budgetMs} ms to convert (the time a request's Markdown may take); simplify or split it`,
        );
      if ((error as Error).message === 'Task queue is at limit') throw unavailable('Markdown conversion is busy; try again shortly');
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
