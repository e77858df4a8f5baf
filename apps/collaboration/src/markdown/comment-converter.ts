import type { JsonDocument } from '@bindery/contracts';
import type { Document } from '@bindery/document';
import { badRequest, unavailable, workerScript } from '@bindery/platform';
import { Piscina } from 'piscina';
import type { MarkdownTask, MarkdownTaskResult } from './markdown.worker';

export interface CommentConverterOptions {
  /** Worker threads (COMMENT_MARKDOWN_WORKERS). */
  workers: number;
  /** Time one conversion may take, in ms (COMMENT_MARKDOWN_TIMEOUT_MS). */
  budgetMs: number;
}

/**
 * Comment bodies between Markdown and Document, on worker threads (the model is content's
 * MarkdownConverter): micromark's emphasis and link resolution take time quadratic in some
 * inputs (a 64 KB body of them: seconds), so a conversion never runs on the event loop, and one
 * still running past its budget is aborted (its thread replaced) and answered with a 400.
 */
export class CommentConverter {
  private readonly pool: Piscina<MarkdownTask, MarkdownTaskResult>;

  constructor(private readonly options: CommentConverterOptions) {
    this.pool = new Piscina({
      filename: workerScript(__dirname, 'markdown.worker.js'),
      // Threads start with the service (loading the ESM parser takes a second or two).
      minThreads: options.workers,
      maxThreads: options.workers,
      // Work waiting beyond this is refused at once (503) rather than queued without bound.
      maxQueue: 64 * options.workers,
    });
  }

  async toDocument(markdown: string, field: string): Promise<JsonDocument> {
    const result = await this.run({ kind: 'document', markdown }, field);
    if (result.kind === 'refused') throw badRequest(`${field}: ${result.message}`);
    if (result.kind !== 'document') throw new Error(`unexpected result ${result.kind}`);
    return result.document as unknown as JsonDocument;
  }

  async toMarkdown(document: JsonDocument, field: string): Promise<string> {
    const result = await this.run({ kind: 'markdown', document: document as unknown as Document }, field);
    if (result.kind === 'refused') throw badRequest(`${field}: ${result.message}`);
    if (result.kind !== 'markdown') throw new Error(`unexpected result ${result.kind}`);
    return result.markdown;
  }

  private async run(task: MarkdownTask, field: string): Promise<MarkdownTaskResult> {
    const signal = AbortSignal.timeout(this.options.budgetMs);
    try {
      return await this.pool.run(task, { signal });
    } catch (error) {
      if (signal.aborted) throw badRequest(`${field}: took longer than ${this.options.budgetMs} ms to convert; simplify or split it`);
      if ((error as Error).message === 'Task queue is at limit') throw unavailable('Comment conversion is busy; try again shortly');
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
