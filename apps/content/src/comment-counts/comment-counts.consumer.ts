import { COMMENT_COUNTS_CONSUMER, COMMENT_COUNTS_EVENTS, type CommentCountEvent } from '@bindery/contracts';
import { JetStreamBus } from '@bindery/platform';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ContentEnv } from '../config/content.env';
import { CommentCountsRepository } from './comment-counts.repository';
import { storeThenSettle } from './count-batches';

/** Sane event: ids as strings, count and version as non-negative integers (anything else is dropped). */
function isCountEvent(event: CommentCountEvent): boolean {
  const count = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;
  return (
    typeof event.spaceId === 'string' &&
    (event.changeRequestId === undefined || typeof event.changeRequestId === 'string') &&
    count(event.open) &&
    count(event.version)
  );
}

/**
 * The durable consumer of collaboration's comment counts (the model is identity's space-counts
 * consumer). Each event carries the absolute open count of a target and its version, so storing
 * is idempotent and ordered by version; after content or collaboration was down, the durable
 * position and the latest event of each target bring the counts back.
 */
@Injectable()
export class CommentCountsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly bus: JetStreamBus,
    private readonly counts: CommentCountsRepository,
    private readonly env: ContentEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.env.EVENT_CONSUMERS === 'off') return;
    // In batches: the events that queued up while content was busy, or came in during the pause
    // after a small batch (`storeThenSettle`), are stored in one statement.
    await this.bus.consumeEventBatches<CommentCountEvent>({
      durable: COMMENT_COUNTS_CONSUMER,
      subject: COMMENT_COUNTS_EVENTS,
      maxDeliver: 12,
      handler: (events) =>
        storeThenSettle(events, async (batch) => {
          const sane = batch.filter(isCountEvent);
          if (sane.length > 0) await this.counts.store(sane);
        }),
    });
  }
}
