import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { logger } from '../logging/logger';
import { entryHost } from '../process/entry-host';
import { runMain } from '../process/run-main';
import type { Worker } from './run-worker';

/** The knobs every worker process reads from its environment (besides its service's own). */
export class WorkerEnv {
  /** Caps how many jobs of each type this process runs at once (each job type sets its own default). */
  @IsOptional()
  @IsInt({ message: 'must be a whole number' })
  @Min(1)
  @Max(256)
  WORKER_CONCURRENCY?: number;

  /** On SIGTERM, how long jobs in hand may take to finish before they are released to another worker. */
  @IsInt({ message: 'must be a whole number of milliseconds' })
  @Min(0)
  @Max(600_000)
  WORKER_SHUTDOWN_GRACE_MS: number = 20_000;
}

/**
 * Entry point of a worker process (`apps/<app>/src/worker.ts`), free of any framework: `start`
 * builds what the jobs need and calls `runWorker`; this waits until the worker stops (SIGTERM or
 * SIGINT), closes what `start` opened and exits 0, or exits 1 on a fatal error so that the
 * supervisor (the local stack, Docker's restart policy) starts it again.
 */
export function runWorkerMain(start: () => Promise<{ worker: Worker; close?: () => Promise<unknown> }>): void {
  const host = entryHost();
  if (host) {
    // In one process with other apps: the host stops it with the rest; a fatal error is the host's to handle.
    host.start(async () => {
      const { worker, close } = await start();
      void worker.stopped.catch((error: unknown) => host.fail(error));
      host.onStop(async () => {
        await worker.stop();
        await close?.();
      });
    });
    return;
  }
  runMain(async () => {
    const { worker, close } = await start();
    let exitCode = 0;
    try {
      await worker.stopped;
    } catch {
      exitCode = 1; // already logged by the worker
      await worker.stop().catch(() => undefined);
    }
    await close?.().catch((error: unknown) => logger.warn({ err: error }, 'closing the worker failed'));
    process.exit(exitCode);
  });
}
