import { workerScript } from '@bindery/platform';
import { Piscina } from 'piscina';
import type { SpecTask, SpecTaskResult } from './spec-process.worker';
import type { ProcessResult, SpecSourceToProcess } from './process-spec';
import { ProcessingError } from './processing-error';

export interface SpecProcessorOptions {
  /** Specs processed at once (one thread each): the job's concurrency. */
  threads: number;
  /** Time one spec's processing may take from the moment it is asked for, fetching included, in ms. */
  budgetMs: number;
  /** Heap of one thread, in MB. */
  memoryMb: number;
  limits: SpecTask['limits'];
}

/**
 * Processes specs (fetch, parse, bundle, validate: `processSpec`) in worker threads, so one
 * organization's heavy spec never holds the event loop that runs every other organization's jobs,
 * and within a budget of time and memory per spec: a spec over either is failed with a clear error
 * (its thread is ended; piscina starts another), never retried, as it would fail the same way.
 */
export class SpecProcessor {
  private readonly pool: Piscina<SpecTask, SpecTaskResult>;

  constructor(private readonly options: SpecProcessorOptions) {
    this.pool = new Piscina<SpecTask, SpecTaskResult>({
      filename: workerScript(__dirname, 'spec-process.worker.js'),
      // Started with the worker and replaced at once when a budget ends one: a cold thread would
      // spend a spec's budget loading its libraries.
      minThreads: options.threads,
      maxThreads: options.threads,
      // The job runner hands over no more specs than threads; the queue only covers a restart.
      maxQueue: options.threads * 4,
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb },
    });
  }

  /** The processed spec, or a `ProcessingError`; `stop` (the worker shutting down) rejects with its reason, not as a failure of the spec. */
  async run(source: SpecSourceToProcess, stop?: AbortSignal): Promise<ProcessResult> {
    const budget = AbortSignal.timeout(this.options.budgetMs);
    const signal = stop ? AbortSignal.any([stop, budget]) : budget;
    let answer: SpecTaskResult;
    try {
      answer = await this.pool.run({ source, limits: this.options.limits }, { signal });
    } catch (error) {
      if (stop?.aborted) throw error;
      throw this.refusal(error, budget.aborted);
    }
    if (answer.ok) return answer.result;
    const { code, errors, retryable, total } = answer.error;
    throw new ProcessingError(code, errors, retryable, total);
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }

  private refusal(error: unknown, overTime: boolean): unknown {
    if (overTime) {
      return new ProcessingError(
        'PARSE_ERROR',
        [
          {
            message: `processing the spec took longer than ${this.options.budgetMs} ms, the most one spec may take; simplify or split the document`,
            code: 'budget',
          },
        ],
        false,
      );
    }
    if ((error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      return new ProcessingError(
        'PARSE_ERROR',
        [{ message: `processing the spec needed more than ${this.options.memoryMb} MB, the most one spec may use`, code: 'budget' }],
        false,
      );
    }
    return error; // a bug or a crash: the runner retries
  }
}
