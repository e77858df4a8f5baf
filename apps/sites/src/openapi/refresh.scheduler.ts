import { OPENAPI_PROCESS_JOB, type OpenApiProcessPayload } from '@bindery/contracts';
import { enqueueJob, logger } from '@bindery/platform';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { OpenApiEnv } from './openapi.env';
import { OpenApiRepository } from './openapi.repository';
import { OPENAPI_ENV } from './openapi.tokens';

/** Specs queued for refresh per tick (the rest wait for the next one). */
const BATCH = 200;

/**
 * The periodic refresh of URL specs (`OPENAPI_REFRESH_INTERVAL_MS`, off by default): every tick
 * queues a refresh job for the specs processed longer ago than the interval. The job id names the
 * spec, its generation and the interval's window, so replicas queue each refresh once.
 */
@Injectable()
export class OpenApiRefreshScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly specs: OpenApiRepository,
    @Inject(OPENAPI_ENV) private readonly env: OpenApiEnv,
  ) {}

  onApplicationBootstrap(): void {
    const interval = this.env.OPENAPI_REFRESH_INTERVAL_MS;
    if (interval <= 0) return;
    this.timer = setInterval(() => void this.tick(), Math.max(1000, Math.min(interval, 60_000)));
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async tick(now = new Date()): Promise<void> {
    const interval = this.env.OPENAPI_REFRESH_INTERVAL_MS;
    try {
      const due = await this.specs.dueForRefresh(new Date(now.getTime() - interval), BATCH);
      const window = Math.floor(now.getTime() / interval);
      for (const spec of due) {
        const payload: OpenApiProcessPayload = { specId: spec.id, generation: spec.generation, refresh: true };
        await enqueueJob(this.specs.manager, OPENAPI_PROCESS_JOB, payload, { jobId: `openapi-${spec.id}-${spec.generation}-r${window}` });
      }
    } catch (error) {
      logger.warn({ err: error }, 'could not queue the refresh of OpenAPI specs; the next tick will');
    }
  }
}
