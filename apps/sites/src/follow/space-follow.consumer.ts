import { ContentEvents, SITE_SPACES_CONSUMER, SITE_SPACES_EVENTS } from '@bindery/contracts';
import { JetStreamBus } from '@bindery/platform';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { SitesEnv } from '../config/sites.env';
import { type FollowedSpaceEvent, SpaceFollowService } from './space-follow.service';

/**
 * Sites' durable consumer of content's space events (model: identity's space-counts consumer).
 * Deleted: the space's site spaces go. Updated, moved, transferred, restored: the embedded Space
 * is refreshed. Handlers are idempotent (a redelivery refreshes again).
 */
@Injectable()
export class SpaceFollowConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly bus: JetStreamBus,
    private readonly follow: SpaceFollowService,
    private readonly env: SitesEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.env.EVENT_CONSUMERS === 'off') return;
    await this.bus.consumeEvents<FollowedSpaceEvent & { type?: string }>({
      durable: SITE_SPACES_CONSUMER,
      subject: SITE_SPACES_EVENTS,
      maxDeliver: 12,
      handler: async (event, meta) => {
        const type = meta?.subject?.replace(/^events\./, '') ?? event.type;
        if (type === ContentEvents.spaceDeleted) await this.follow.deleted(event);
        else if (type !== ContentEvents.spaceCreated) await this.follow.changed(event);
      },
    });
  }
}
