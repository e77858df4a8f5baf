import { IdentityBroadcasts, type MembershipChangedBroadcast } from '@bindery/contracts';
import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import { logger } from '../logging/logger';
import { MembershipCache, type MembershipCacheOptions } from './membership-cache';

/**
 * Keeps a service's `MembershipCache` right by hearing identity's `identity.membership.changed`
 * broadcasts on the connection the service RECEIVES ITS REQUESTS on (the microservice's own, given
 * by `attach`; `startService` does it, so no service wires anything).
 *
 * Why the very next request after a change cannot use the old standing (one NATS server, as every
 * Bindery deployment runs it):
 * 1. identity commits the change, publishes the broadcast, and waits for its connection's flush:
 *    once the server answered that PING, it has handed the broadcast to every subscriber's
 *    connection (a server handles one connection's protocol in order);
 * 2. only then does identity reply; the gateway answers the client, whose next request is handed to
 *    this service's connection after the broadcast, on the same socket, so it is read after it;
 * 3. nats.js calls a callback subscription's handler synchronously as it reads each message, so the
 *    standing is forgotten before the next request's handler starts;
 * 4. an answer identity read before the commit but that arrives after the broadcast is not stored
 *    (`MembershipCache`'s epoch), and one that arrived before is forgotten by it.
 * Across a cluster of NATS servers (routes) step 2 does not hold; run one server (or keep the
 * cache off: a service without a feed asks identity for every request).
 *
 * Any doubt turns reuse off: no subscription yet (the feed is live only once the server confirmed
 * the subscription), a disconnection (messages may have been lost; live again once the server
 * confirmed the resubscription after the reconnect), a subscription error or an unreadable
 * broadcast (everything forgotten).
 */
export class MembershipFeed {
  readonly cache: MembershipCache;
  private wanted = false;
  private nc?: NatsConnection;
  private subscription?: Subscription;

  constructor(options: MembershipCacheOptions = {}) {
    this.cache = new MembershipCache(options);
  }

  /**
   * The cache, for the service's `OrganizationAccessClient`s (one cache per service, however many
   * modules provide the client). Subscribes once the connection is there: services that never ask
   * for standings never subscribe (nor hold the permission to).
   */
  use(): MembershipCache {
    this.wanted = true;
    this.subscribe();
    return this.cache;
  }

  /**
   * The connection the service receives requests on. Call it before the service subscribes to its
   * requests: on a reconnect, nats.js resubscribes in the order of the first subscriptions.
   */
  attach(nc: NatsConnection): void {
    this.nc = nc;
    this.subscribe();
  }

  /** The service is stopping: no more reuse. */
  detach(): void {
    this.cache.suspend();
    this.subscription?.unsubscribe();
    this.subscription = undefined;
    this.nc = undefined;
  }

  private subscribe(): void {
    const nc = this.nc;
    if (!nc || !this.wanted || this.subscription) return;
    this.subscription = nc.subscribe(IdentityBroadcasts.membershipChanged, {
      callback: (error, msg) => (error ? this.fail(error) : this.hear(msg)),
    });
    void this.subscription.closed.then(() => this.cache.suspend());
    void this.confirm(nc);
    void this.follow(nc);
  }

  private hear(msg: Msg): void {
    const change = readChange(msg);
    if (change) this.cache.invalidate(change);
    else this.cache.clear();
  }

  private fail(error: Error): void {
    logger.warn(
      { err: error, subject: IdentityBroadcasts.membershipChanged },
      'membership changes cannot be heard: standings are not reused',
    );
    this.cache.suspend();
  }

  /** Live once the server has the subscription: it answered a PING sent after the SUB. */
  private async confirm(nc: NatsConnection): Promise<void> {
    try {
      await nc.flush();
      if (this.nc === nc && this.subscription && !this.subscription.isClosed()) this.cache.resume();
    } catch {
      this.cache.suspend();
    }
  }

  private async follow(nc: NatsConnection): Promise<void> {
    for await (const status of nc.status()) {
      if (this.nc !== nc) return;
      switch (status.type) {
        // Broadcasts sent while the connection is down are lost: no reuse until resubscribed.
        case 'disconnect':
        case 'reconnecting':
        case 'staleConnection':
        case 'forceReconnect':
        case 'close':
          this.cache.suspend();
          break;
        case 'reconnect':
          void this.confirm(nc);
          break;
        // Not a lost message as far as the client knows, but doubt enough to forget.
        case 'error':
        case 'slowConsumer':
          this.cache.clear();
          break;
        // The server's news (cluster changes, lame duck mode) and pings lose nothing.
        case 'update':
        case 'ldm':
        case 'ping':
          break;
      }
    }
    this.cache.suspend();
  }
}

function readChange(msg: Msg): MembershipChangedBroadcast | undefined {
  try {
    const change = msg.json<Partial<MembershipChangedBroadcast>>();
    if (typeof change?.organizationId !== 'string') return undefined;
    if (change.userId !== undefined && typeof change.userId !== 'string') return undefined;
    return change.userId === undefined
      ? { organizationId: change.organizationId }
      : { organizationId: change.organizationId, userId: change.userId };
  } catch {
    return undefined;
  }
}

/**
 * Identity's side of the feed: announces that a standing changed. Call it after the change
 * committed and before answering the request that made it; it resolves once the NATS server has
 * handed the broadcast to every listening service's connection (the server answered a PING sent
 * after it), so whatever the client sends next reaches those services after it.
 */
export async function announceMembershipChange(nc: NatsConnection, change: MembershipChangedBroadcast): Promise<void> {
  nc.publish(IdentityBroadcasts.membershipChanged, JSON.stringify(change));
  await nc.flush();
}
