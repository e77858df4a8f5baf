import { COMMENT_SPACES_CONSUMER, COMMENT_SPACES_EVENTS, ContentEvents, type SpaceEvent } from '@bindery/contracts';
import { JetStreamBus } from '@bindery/platform';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { CollaborationEnv } from '../config/collaboration.env';
import { CommentsRepository } from '../comments/comments.repository';

/**
 * Content's space events: a deleted space's comments are hidden (out of every list and count of
 * this service; content answers 404 for the space anyway), a restored space's shown again. Setting
 * a state is idempotent, so redeliveries are harmless. Durable: missed events are read on restart.
 */
@Injectable()
export class SpaceEventsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly bus: JetStreamBus,
    private readonly comments: CommentsRepository,
    private readonly env: CollaborationEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.env.EVENT_CONSUMERS === 'off') return;
    await this.bus.consumeEvents<SpaceEvent>({
      durable: COMMENT_SPACES_CONSUMER,
      subject: COMMENT_SPACES_EVENTS,
      maxDeliver: 12,
      handler: async (event, meta) => {
        if (typeof event.spaceId !== 'string') return;
        if (meta.subject.endsWith(ContentEvents.spaceDeleted)) await this.comments.setSpaceHidden(event.spaceId, new Date(event.at));
        else if (meta.subject.endsWith(ContentEvents.spaceRestored)) await this.comments.setSpaceHidden(event.spaceId, null);
      },
    });
  }
}
