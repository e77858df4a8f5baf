import { AppError, busy as atCapacity, logger, tooLarge, unavailable, workerScript } from '@bindery/platform';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Piscina } from 'piscina';
import type { PdfRenderTask, RenderedPdf } from './pdf-render.worker';

/** How many PDFs render at once, how many wait, and what one render may use (from content's env). */
export interface PdfRenderLimits {
  concurrency: number;
  queue: number;
  memoryMb: number;
  timeoutMs: number;
}
export const PDF_RENDER_LIMITS = Symbol('PDF_RENDER_LIMITS');

/** An idle render thread exits after this long, and its heap with it; renders in quick succession reuse a warm thread (starting one costs about a second). */
const IDLE_MS = 5000;

/**
 * Renders PDFs in worker threads (piscina), off the event loop that answers every other request:
 * at most `concurrency` at once, at most `queue` waiting (more is a 503 with a retry delay), each
 * with a heap of `memoryMb` and `timeoutMs` from the moment it is asked for (its thread is
 * terminated when the time is up). Idle threads exit, so a large render's memory goes back.
 *
 * Renders wait here rather than in piscina's queue: with no minimum of threads, piscina does not
 * start a thread for queued tasks after it terminated one (a render over its time or memory), so
 * they would wait until their own time ran out. Each `run` here finds a thread or starts one.
 */
@Injectable()
export class PdfRenderPool implements OnModuleDestroy {
  private readonly pool: Piscina<PdfRenderTask, RenderedPdf>;
  private running = 0;
  /** Renders waiting for a thread, first come first served. */
  private readonly waiting: Array<() => void> = [];

  constructor(@Inject(PDF_RENDER_LIMITS) private readonly limits: PdfRenderLimits) {
    this.pool = new Piscina<PdfRenderTask, RenderedPdf>({
      filename: workerScript(__dirname, 'pdf-render.worker.js'),
      minThreads: 0,
      maxThreads: limits.concurrency,
      // Only while a thread starts: no more than `concurrency` renders are ever handed to piscina.
      maxQueue: limits.concurrency,
      idleTimeout: IDLE_MS,
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb },
    });
  }

  async render(task: PdfRenderTask): Promise<RenderedPdf> {
    const signal = AbortSignal.timeout(this.limits.timeoutMs);
    await this.turn(signal);
    try {
      return await this.pool.run(task, { signal });
    } catch (error) {
      throw this.refusal(error);
    } finally {
      this.next();
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.destroy();
  }

  /** Resolves when this render may start; refuses it when the queue is full or its time runs out first. */
  private turn(signal: AbortSignal): Promise<void> {
    if (this.running < this.limits.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.limits.queue) return Promise.reject(this.busy());
    return new Promise((resolve, reject) => {
      const start = () => {
        signal.removeEventListener('abort', giveUp);
        resolve();
      };
      const giveUp = () => {
        this.waiting.splice(this.waiting.indexOf(start), 1);
        reject(this.busy());
      };
      signal.addEventListener('abort', giveUp, { once: true });
      this.waiting.push(start);
    });
  }

  /** Hands a finished render's place to the first one waiting. */
  private next(): void {
    const start = this.waiting.shift();
    if (start) start();
    else this.running--;
  }

  private busy(): AppError {
    return atCapacity('Too many PDFs are being rendered; try again shortly', Math.ceil(this.limits.timeoutMs / 1000));
  }

  /** What the caller is told when a render does not finish. */
  private refusal(error: unknown): AppError {
    const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
    if (name === 'AbortError') {
      return tooLarge(`The PDF took longer than ${this.limits.timeoutMs / 1000} s to render; export a smaller part with "page"`);
    }
    if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
      return tooLarge(`The PDF needs more than ${this.limits.memoryMb} MB to render; export a smaller part with "page"`);
    }
    logger.error({ err: error }, 'PDF render failed');
    return unavailable('The PDF could not be rendered');
  }
}
