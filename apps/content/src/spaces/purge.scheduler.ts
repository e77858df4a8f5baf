import { logger } from '@bindery/platform';
import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ContentCollector } from '../revisions/content-collector';
import { SpacesService } from './spaces.service';

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Purges spaces deleted more than 7 days ago, hourly (every replica may run it: the DELETE is
 * idempotent), then collects the stored content no remaining revision reaches.
 */
@Injectable()
export class PurgeScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  /** Set by a purge, cleared once its content is collected (a failed collection is retried). */
  private collectionDue = false;

  constructor(
    private readonly spaces: SpacesService,
    private readonly collector: ContentCollector,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.run(), PURGE_INTERVAL_MS);
    this.timer.unref();
    void this.run();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private async run(): Promise<void> {
    try {
      const purged = await this.spaces.purgeExpired();
      if (purged > 0) {
        logger.info({ purged }, 'purged spaces deleted more than 7 days ago');
        this.collectionDue = true;
      }
      // Purging is the only way content becomes unreachable (revisions are never deleted otherwise).
      if (!this.collectionDue) return;
      const collected = await this.collector.collect();
      this.collectionDue = false;
      logger.info({ ...collected }, 'collected stored content no revision reaches');
    } catch (error) {
      logger.warn({ err: error }, 'purging deleted spaces or collecting their content failed; will retry');
    }
  }
}
