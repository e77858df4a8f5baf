import { join } from 'node:path';
import { AppError, logger, unavailable } from '@bindery/platform';
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

/** An idle render thread exits after this long, and its heap with it (the next render starts a fresh one). */
const IDLE_MS = 1000;

/**
 * Renders PDFs in worker threads (piscina), off the event loop that answers every other request:
 * at most `concurrency` at once, at most `queue` waiting (more is a 503 with a retry delay), each
 * with a heap of `memoryMb` and `timeoutMs` from the moment it is asked for (its thread is
 * terminated when the time is up). Idle threads exit, so a large render's memory goes back.
 */
@Injectable()
export class PdfRenderPool implements OnModuleDestroy {
  private readonly pool: Piscina<PdfRenderTask, RenderedPdf>;
  /** Renders asked for and not yet settled (running or waiting). */
  private pending = 0;

  constructor(@Inject(PDF_RENDER_LIMITS) private readonly limits: PdfRenderLimits) {
    this.pool = new Piscina<PdfRenderTask, RenderedPdf>({
      filename: join(__dirname, 'pdf-render.worker.js'),
      minThreads: 0,
      maxThreads: limits.concurrency,
      maxQueue: limits.queue,
      idleTimeout: IDLE_MS,
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb },
    });
  }

  async render(task: PdfRenderTask): Promise<RenderedPdf> {
    const waited = this.pending >= this.limits.concurrency;
    this.pending++;
    try {
      return await this.pool.run(task, { signal: AbortSignal.timeout(this.limits.timeoutMs) });
    } catch (error) {
      throw this.refusal(error, waited);
    } finally {
      this.pending--;
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.destroy();
  }

  /** What the caller is told when a render does not finish. */
  private refusal(error: unknown, waited: boolean): AppError {
    const retryAfterSeconds = Math.ceil(this.limits.timeoutMs / 1000);
    const name = (error as { name?: unknown })?.name;
    const message = (error as { message?: unknown })?.message;
    const code = (error as { code?: unknown })?.code;
    if (message === 'Task queue is at limit' || message === 'No task queue available and all Workers are busy') {
      return new AppError(503, 'Too many PDFs are being rendered; try again shortly', { retryAfterSeconds });
    }
    if (name === 'AbortError') {
      // Still waiting when the time ran out: the renderer was busy, not this export too large.
      if (waited) return new AppError(503, 'Too many PDFs are being rendered; try again shortly', { retryAfterSeconds });
      return new AppError(413, `The PDF took longer than ${this.limits.timeoutMs / 1000} s to render; export a smaller part with "page"`);
    }
    if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
      return new AppError(413, `The PDF needs more than ${this.limits.memoryMb} MB to render; export a smaller part with "page"`);
    }
    logger.error({ err: error }, 'PDF render failed');
    return unavailable('The PDF could not be rendered');
  }
}
