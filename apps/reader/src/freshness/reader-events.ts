// Freshness by events: content and sites announce changes on the JetStream EVENTS stream, whose
// messages are also seen by plain NATS subscribers. Every reader replica listens (a durable
// consumer would hand each event to one replica only) and forgets what an event makes stale: the
// space's held revision (the next request asks content again with the tag it held) or the site
// lookups. A missed event (a reconnect) is covered by the slow revalidation (READER_REVALIDATE_MS).
import { PUBLISHED_CONTENT_EVENTS, PUBLISHED_SITE_EVENTS } from '@bindery/contracts';
import { logger } from '@bindery/platform';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';

export interface Invalidation {
  /** Forget the held content of a space. */
  space(spaceId: string): void;
  /** Forget published-site lookups (a site changed). */
  sites(): void;
}

/** Subscribes to the events above; returns the subscriptions (closed by draining the connection). */
export function listenForChanges(nc: NatsConnection, invalidate: Invalidation): Subscription[] {
  const onSpace = (subject: string) =>
    nc.subscribe(subject, {
      callback: (error, msg) => {
        if (error) return logger.warn({ err: error, subject }, 'reader event subscription failed');
        const spaceId = eventSpaceId(msg.data);
        if (spaceId) invalidate.space(spaceId);
      },
    });
  const onSite = (subject: string) =>
    nc.subscribe(subject, {
      callback: (error) => {
        if (error) return logger.warn({ err: error, subject }, 'reader event subscription failed');
        invalidate.sites();
      },
    });
  return [...PUBLISHED_CONTENT_EVENTS.map(onSpace), ...PUBLISHED_SITE_EVENTS.map(onSite)];
}

/** The `spaceId` of a content event's JSON payload, or undefined for anything else. */
export function eventSpaceId(data: Uint8Array): string | undefined {
  try {
    const payload = JSON.parse(new TextDecoder().decode(data)) as { spaceId?: unknown };
    return typeof payload.spaceId === 'string' ? payload.spaceId : undefined;
  } catch {
    return undefined;
  }
}
