import { enqueueJob, logger } from '@bindery/platform';
import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../clock/clock';
import { PURGE_JOB, type PurgePayload } from './purge.job';

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** One purge per hour, whichever replica queues it first: the job id is the hour. */
export const purgeJobId = (now: Date): string => `${PURGE_JOB}:${now.toISOString().slice(0, 13)}`;

/**
 * Queues the hourly purge of deleted spaces (`content.purge`), which content's worker runs
 * (`worker.ts`). Every replica queues it at start and then hourly; the job id is derived from the
 * hour, so the job is queued once per hour however many replicas there are.
 */
@Injectable()
export class PurgeScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.enqueue(), PURGE_INTERVAL_MS);
    this.timer.unref();
    void this.enqueue();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private async enqueue(): Promise<void> {
    try {
      const payload: PurgePayload = {};
      await enqueueJob(this.db.manager, PURGE_JOB, payload, { jobId: purgeJobId(this.clock.now()) });
    } catch (error) {
      logger.warn({ err: error }, 'could not queue the purge of deleted spaces; the next hour will');
    }
  }
}
