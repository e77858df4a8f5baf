import { COMPUTED_OPENAPI_CONSUMER, COMPUTED_OPENAPI_EVENTS, type OpenApiProcessedEvent } from '@bindery/contracts';
import { JetStreamBus } from '@bindery/platform';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ContentEnv } from '../config/content.env';
import { OpenApiOutlines } from './openapi-outlines.service';

const isProcessedEvent = (e: OpenApiProcessedEvent): boolean =>
  typeof e.organizationId === 'string' && typeof e.slug === 'string' && typeof e.hash === 'string';

/**
 * Sites' processed-spec events: the outline of the new version replaces the stored one, so every
 * computed page of that spec (in any space, any revision) regenerates its children on its next
 * read. Idempotent: storing the same version twice changes nothing; an older event after a newer
 * one asks sites for the newest version anyway.
 */
@Injectable()
export class OpenApiFollowConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly bus: JetStreamBus,
    private readonly outlines: OpenApiOutlines,
    private readonly env: ContentEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.env.EVENT_CONSUMERS === 'off') return;
    await this.bus.consumeEvents<OpenApiProcessedEvent>({
      durable: COMPUTED_OPENAPI_CONSUMER,
      subject: COMPUTED_OPENAPI_EVENTS,
      maxDeliver: 12,
      handler: async (event) => {
        if (isProcessedEvent(event)) await this.outlines.refresh(OpenApiOutlines.eventContext(), event.organizationId, event.slug);
      },
    });
  }
}
