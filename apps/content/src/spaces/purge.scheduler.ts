import { logger } from '@bindery/platform';
import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SpacesService } from './spaces.service';

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** Purges spaces deleted more than 7 days ago, hourly (every replica may run it: the DELETE is idempotent). */
@Injectable()
export class PurgeScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;

  constructor(private readonly spaces: SpacesService) {}

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
      if (purged > 0) logger.info({ purged }, 'purged spaces deleted more than 7 days ago');
    } catch (error) {
      logger.warn({ err: error }, 'purging deleted spaces failed; will retry');
    }
  }
}
