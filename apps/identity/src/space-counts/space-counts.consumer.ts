import { SPACE_COUNTS_CONSUMER, SPACE_COUNTS_EVENTS, type SpaceCountsEvent } from '@bindery/contracts';
import { JetStreamBus } from '@bindery/platform';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { IdentityEnv } from '../config/identity.env';
import { SpaceCountsService } from './space-counts.service';

/**
 * The durable consumer of content's space events (created, deleted, restored, transferred,
 * updated, moved). Durable: while identity is down the server keeps its position, and it resumes
 * with what it missed. Each event refreshes the counts of the organizations it touches.
 */
@Injectable()
export class SpaceCountsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly bus: JetStreamBus,
    private readonly counts: SpaceCountsService,
    private readonly env: IdentityEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.env.EVENT_CONSUMERS === 'off') return;
    await this.bus.consumeEvents<SpaceCountsEvent>({
      durable: SPACE_COUNTS_CONSUMER,
      subject: SPACE_COUNTS_EVENTS,
      // Content may be restarting: keep retrying (backoff up to 30 s) for a few minutes. A
      // dead-lettered event is healed by the organization's next one (counts are recomputed).
      maxDeliver: 12,
      handler: async (event) => {
        for (const organizationId of new Set([event.organizationId, event.from])) {
          if (typeof organizationId === 'string') await this.counts.refresh(organizationId);
        }
      },
    });
  }
}
