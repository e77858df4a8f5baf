import type { JsonDocument } from '@bindery/contracts';
import { type Document, markdownInputError } from '@bindery/document';
import { Piscina } from 'piscina';
import { badRequest, unavailable } from '../errors/app-error';
import { workerScript } from '../process/worker-script';
import type { MarkdownRefs } from '@bindery/document';
export type { MarkdownRefs } from '@bindery/document';
import { fitsInline, INLINE_BOUNDS, type InlineBounds } from './inline-bounds';
import convert, { type MarkdownTask, type MarkdownTaskResult } from './markdown.worker';

export interface MarkdownPoolOptions {
  /** Worker threads converting Markdown (content's MARKDOWN_WORKERS, collaboration's COMMENT_MARKDOWN_WORKERS). */
  workers: number;
  /** Time the conversions sharing one `budget()` may take together, in ms. */
  budgetMs: number;
  /** Names the work in the 503 of a full queue: `${name} conversion is busy`. */
  name: string;
  /** Why the budget is what it is, said in the 400 of a conversion that outran it. */
  budgetNote?: string;
  /**
   * Markdown written from a Document links the space's pages and files as `/pages/<id>` and
   * `/files/<id>` (content's round-trip paths); without it, such links keep their text only.
   */
  spacePaths?: boolean;
  /** How the 400 of a Document that cannot be written as Markdown names it, after the field. */
  documentName?: string;
  /** The 400 message of any input a conversion fails on; without it, such a failure is a 500. */
  unreadable?: string;
  /** Inputs converted on the calling thread (inline-bounds.ts); `false` sends every one to the pool. */
  inline?: InlineBounds | false;
}

export interface ConvertedPage {
  document: JsonDocument;
  frontmatter: Record<string, unknown>;
  headingTitle?: string;
}

/**
 * Document ⇄ Markdown on a pool of worker threads, one pool per service. The parser (markdown-it)
 * is linear and the input limits are checked first, so a conversion is normally quick; the pool
 * is what keeps it bounded whatever the input. A task still running when its deadline passes is
 * aborted, which terminates its thread (piscina starts another) and answers the request with a
 * 400 naming the field, and no input, however hostile, holds up the event loop that serves every
 * other request meanwhile for longer than a small input's worst case: inputs within the inline
 * bounds (a short comment; under a millisecond however hostile, see inline-bounds.ts) convert on
 * the calling thread, which costs less than the hand-off to a thread, with the same code, results
 * and errors; every other one converts in the pool.
 */
export class MarkdownPool {
  private readonly pool: Piscina<MarkdownTask, MarkdownTaskResult>;
  private readonly inline: InlineBounds | false;

  constructor(private readonly options: MarkdownPoolOptions) {
    this.inline = options.inline ?? INLINE_BOUNDS;
    this.pool = new Piscina({
      filename: workerScript(__dirname, 'markdown.worker.js'),
      // Every thread starts with the service (loading the ESM-only Markdown writer takes a moment),
      // and a thread ended by an abort is replaced at once: a cold thread would spend a request's
      // budget loading.
      minThreads: options.workers,
      maxThreads: options.workers,
      // Work waiting beyond this is refused at once (503) rather than queued without bound.
      maxQueue: 64 * options.workers,
    });
  }

  /** A deadline for the conversions of one request to share. */
  budget(): AbortSignal {
    return AbortSignal.timeout(this.options.budgetMs);
  }

  /** A page's Markdown source read into a Document, frontmatter and title heading; `field` names it in errors. */
  async toPage(markdown: string, field: string, titleFromHeading: boolean, signal?: AbortSignal): Promise<ConvertedPage> {
    const refused = markdownInputError(markdown);
    if (refused) throw badRequest(`${field}: ${refused}`);
    const result = await this.run({ kind: 'page', markdown, titleFromHeading }, field, signal);
    if (result.kind === 'refused') throw badRequest(`${field}: ${result.message}`);
    if (result.kind !== 'page') throw new Error(`unexpected result ${result.kind}`);
    return { ...result, document: result.document as unknown as JsonDocument };
  }

  /** Markdown (whose input limits the caller checked) read into a Document. */
  async toDocument(markdown: string, field: string, signal?: AbortSignal): Promise<JsonDocument> {
    const result = await this.run({ kind: 'document', markdown }, field, signal);
    if (result.kind === 'refused') throw badRequest(`${field}: ${result.message}`);
    if (result.kind !== 'document') throw new Error(`unexpected result ${result.kind}`);
    return result.document as unknown as JsonDocument;
  }

  /** A stored Document as Markdown; `refs`, when given, are the URLs of the pages and files it references. */
  async toMarkdown(document: JsonDocument, field: string, signal?: AbortSignal, refs?: MarkdownRefs): Promise<string> {
    const task: MarkdownTask = {
      kind: 'markdown',
      document: document as unknown as Document,
      spacePaths: this.options.spacePaths ?? false,
      ...(refs ? { refs } : {}),
    };
    const result = await this.run(task, field, signal);
    const { documentName } = this.options;
    if (result.kind === 'refused') throw badRequest(`${field}: ${documentName ? `${documentName} ` : ''}${result.message}`);
    if (result.kind !== 'markdown') throw new Error(`unexpected result ${result.kind}`);
    return result.markdown;
  }

  /** Without `signal`, a task sent to the pool gets a budget of its own; one converted here needs none. */
  private async run(task: MarkdownTask, field: string, signal?: AbortSignal): Promise<MarkdownTaskResult> {
    const { name, unreadable } = this.options;
    if (this.inline && fitsInline(task, this.inline)) {
      // A budget the request's earlier conversions used up answers as the pool would.
      if (signal?.aborted) throw this.tookTooLong(field);
      return convert({ ...task, unreadable });
    }
    // A budget is a timer: made only for work that can outrun it.
    const deadline = signal ?? this.budget();
    try {
      return await this.pool.run({ ...task, unreadable }, { signal: deadline });
    } catch (error) {
      if (deadline.aborted) throw this.tookTooLong(field);
      if ((error as Error).message === 'Task queue is at limit') throw unavailable(`${name} conversion is busy; try again shortly`);
      throw error;
    }
  }

  private tookTooLong(field: string): Error {
    const { budgetMs, budgetNote } = this.options;
    return badRequest(`${field}: took longer than ${budgetMs} ms to convert${budgetNote ? ` (${budgetNote})` : ''}; simplify or split it`);
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
