import type { ConnectionOptions, Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import { NatsContext, type NatsOptions, ServerNats, type WritePacket } from '@nestjs/microservices';
import { isObservable } from 'rxjs';
import type { MembershipFeed } from '../access/membership-feed';
import { logger } from '../logging/logger';
import { connectAtStart } from '../nats/connect-at-start';
import { inCheckPhase } from '../nats/check-phase-batch';
import { messagesInHand } from './messages-in-hand';
import { handlerFailureOf, MessageScope } from './message-scope';
import { withSpan } from '../tracing/spans';
import { sendAnswer } from './reply-packet';

/**
 * Nest's NATS server with a shutdown that waits for what is in hand: it unsubscribes (the queue
 * group's other replicas take new messages), waits until the messages being handled have been
 * answered, at most `graceMs`, then closes. Nest's own graceful shutdown always waits its whole
 * grace period (10 s) after unsubscribing, so every idle service took 10 s to stop, longer than
 * `pnpm stop` (and the e2e stack) waits before SIGKILL, so shutdown hooks (outbox relay, span
 * flush, pool close) never ran there.
 */
export class DrainingServerNats extends ServerNats {
  constructor(
    options: Required<NatsOptions>['options'],
    private readonly graceMs = 10_000,
    /** Hears membership changes on this connection, the one requests arrive on (see `MembershipFeed`). */
    private readonly membershipFeed?: MembershipFeed,
  ) {
    super({ ...options, gracefulShutdown: false });
  }

  /** The feed subscribes first, so it is resubscribed first after a reconnect too. */
  override bindEvents(client: NatsConnection): void {
    this.membershipFeed?.attach(client);
    super.bindEvents(client);
  }

  /**
   * Nest tries every incoming pattern as JSON first, and `JSON.parse('identity.org.get')` throws:
   * an exception with a stack trace per message, ~3 % of identity's CPU on a read in
   * `pnpm bench gateway`. Subjects (a letter first, not a JSON literal) skip that attempt; anything
   * else still goes through Nest's parser, so the route is the same either way.
   */
  protected override getRouteFromPattern(pattern: string): string {
    const plainSubject = /^[A-Za-z]/.test(pattern) && pattern !== 'true' && pattern !== 'false' && pattern !== 'null';
    return plainSubject ? this.normalizePattern(pattern) : super.getRouteFromPattern(pattern);
  }

  /**
   * Nest's `handleMessage` for a request, inside the message's scope (timing, outcome, span, in
   * hand: `MessageScope`), and without Nest's rxjs plumbing when the handler answers a value: Nest
   * wraps every answer in an observable (`of`, `finalize`, `catchError`, a subscription) and sends
   * it a tick later; a value (or a `JsonAnswer`) goes out as the same packet at once (`sendAnswer`).
   * What the handler answers as an observable (a failure, which `RpcErrorFilter` answers as
   * `throwError`; a stream) takes Nest's own `send`. Events and patterns without a handler take
   * Nest's whole path. Guards, pipes and filters run as before: they are inside `handler`.
   */
  override async handleMessage(channel: string, natsMsg: Msg): Promise<void> {
    const message = await this.deserializer.deserialize(natsMsg, { channel, replyTo: natsMsg.reply });
    const handler = 'id' in message && message.id !== undefined ? this.getHandlerByPattern(channel) : null;
    if (!handler || !('id' in message)) {
      await super.handleMessage(channel, natsMsg);
      return;
    }
    const natsCtx = new NatsContext([natsMsg.subject, natsMsg.headers]);
    const scope = new MessageScope(natsMsg.subject, message.data);
    return this.runWithProcessingHooks(natsCtx, async (runEndHook) => {
      let result: unknown;
      try {
        // Nest binds the handler to the async context it is called in: the span's, when tracing.
        result = await withSpan(scope.span, () => handler(message.data, natsCtx));
      } catch (error) {
        scope.failed(error);
        throw error;
      }
      if (!isObservable(result)) {
        sendAnswer(natsMsg, message.id, result);
        scope.answered();
        runEndHook();
        return;
      }
      const publish = this.getPublisher(natsMsg, message.id, natsCtx);
      this.send(result, (packet: WritePacket) => {
        publish(packet);
        if (!packet.isDisposed) return;
        if (packet.err === undefined) scope.answered();
        else scope.failed(handlerFailureOf(natsCtx) ?? packet.err);
        runEndHook();
      });
    });
  }

  /**
   * Nest's publisher, with the reply sent in the loop turn's check phase: the replies answered in
   * one turn leave in one socket write (see `inCheckPhase`). A queued reply counts as in hand, so
   * a stopping service sends it before it closes.
   */
  override getPublisher(natsMsg: Msg, id: string, ctx: NatsContext): (response: unknown) => void {
    const publish = super.getPublisher(natsMsg, id, ctx);
    if (!natsMsg.reply) return publish;
    return (response) => {
      messagesInHand.started();
      inCheckPhase(() => {
        try {
          publish(response);
        } catch (error) {
          logger.warn({ err: error, subject: natsMsg.subject }, 'could not send a reply');
        } finally {
          messagesInHand.finished();
        }
      });
    };
  }

  /** The service's first connection retried while it may pass (connect-at-start.ts), as every app's is. */
  override createNatsClient(): Promise<NatsConnection> {
    // Element access: Nest keeps its options private; it connects with them as they are, and so does this.
    return connectAtStart(this['options'] as ConnectionOptions);
  }

  override async close(): Promise<void> {
    // Element access: Nest keeps both private, and offers no other way to unsubscribe before closing.
    this.membershipFeed?.detach();
    if (this['natsClient']) for (const subscription of this['subscriptions'] as Subscription[]) subscription.unsubscribe();
    await messagesInHand.settled(this.graceMs);
    await super.close();
  }
}
