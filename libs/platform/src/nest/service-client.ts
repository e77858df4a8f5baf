import type { Envelope, RequestContext, RpcInput, RpcResult, RpcSubject } from '@bindery/contracts';
import { type Msg, type NatsConnection, errors as natsErrors } from '@nats-io/transport-node';
import { AppError, isErrorPayload, outcomeUnknown, unavailable } from '../errors/app-error';
import { logger } from '../logging/logger';
import { inCheckPhase } from '../nats/check-phase-batch';
import { RequestMux } from '../nats/request-mux';
import { outcomeOf, rpcClientRequests, secondsSince } from '../metrics/metrics';
import { traceIdOf } from '../tracing/carrier';
import { endSpan, startRpcClientSpan } from '../tracing/spans';

/** The reply packet a NestJS NATS microservice sends for a request (one message for a single value). */
export interface NestReplyPacket<T> {
  id?: string;
  response: T;
  err?: unknown;
  isDisposed?: boolean;
}

/**
 * A service's answer as the JSON text it sent (UTF-8 bytes), typed by what it encodes: for a route
 * that passes the answer on unchanged, sent with `content-type: application/json`.
 */
export type JsonBytes<T> = Buffer & { readonly encodes?: T };

/** Where a Nest reply packet's value starts: `{"response":<value>,"isDisposed":true,"id":"<id>"}`. */
const REPLY_HEAD = '{"response":';
const REPLY_TAIL = ',"isDisposed":true,"id":"';

/**
 * Request/reply to the services, speaking the NestJS microservice packet format
 * (`{pattern, data, id}` → `{response | err}`) over one NATS connection.
 *
 * Why not Nest's ClientProxy: it opens and closes a NATS subscription for every request, which
 * halves throughput, and it cannot see NATS "no responders", so a stopped service would only show
 * as a timeout. Replies are multiplexed on one inbox (RequestMux, nats.js's `nc.request` without
 * its per-request error objects), and a request fails at once when no instance of the service is
 * listening. Either way the caller gets a 503 and never waits past the timeout.
 *
 * While the connection to NATS is down (disconnected, reconnecting, closed) a request could only
 * wait for its timeout, so it is a 503 at once: the client tracks the connection's status events.
 */
export class ServiceClient {
  private natsUp = true;
  /**
   * The packet's `id`, which Nest only echoes back (replies reach this client by their NATS
   * inbox): a counter, not random bytes (those were ~4 % of the gateway's CPU per read).
   */
  private nextPacketId = 0;
  private readonly mux: RequestMux;

  constructor(
    private readonly nc: NatsConnection,
    private readonly timeoutMs: number,
  ) {
    this.mux = new RequestMux(nc);
    void this.trackConnection();
  }

  /** False while the connection to NATS is down: nothing sent now would be delivered. */
  get connected(): boolean {
    return this.natsUp && !this.nc.isClosed();
  }

  /**
   * Sends `data` to `subject` and answers its result. Input and result are the subject's in
   * `ServiceRpc` (libs/contracts): there are no type arguments to give, and a payload that does not
   * fit the subject is a compile error.
   */
  send<S extends RpcSubject>(
    subject: S,
    ctx: RequestContext,
    data: NoInfer<RpcInput<S>>,
    timeoutMs = this.timeoutMs,
  ): Promise<RpcResult<S>> {
    return this.exchange(subject, ctx, data, timeoutMs, (msg) => msg.json<NestReplyPacket<RpcResult<S>>>());
  }

  /**
   * As `send`, with the reply packet's bytes read by `parse` instead of `JSON.parse` on the event
   * loop: for answers of megabytes (a large space's page tree for the reader), which `parse` reads
   * on a worker thread into what the caller needs (`R`, e.g. the result with its tree split).
   */
  sendParsed<S extends RpcSubject, R>(
    subject: S,
    ctx: RequestContext,
    data: NoInfer<RpcInput<S>>,
    parse: (packet: Uint8Array) => Promise<NestReplyPacket<R>>,
    timeoutMs = this.timeoutMs,
  ): Promise<R> {
    return this.exchange(subject, ctx, data, timeoutMs, (msg) => parse(msg.data));
  }

  /**
   * As `send`, answering the result as the JSON the service sent, for a route that passes it on
   * unchanged: no `JSON.parse` of the reply and no `JSON.stringify` of the answer again (together
   * ~6 % of the gateway's CPU on `GET /v1/orgs/{id}`). The bytes are a view of the reply packet,
   * which Nest writes as `{"response":<value>,"isDisposed":true,"id":"<id>"}`; a packet of any
   * other shape is parsed and its value serialised again, so the answer is the same JSON either way.
   * Errors are thrown as `send` throws them.
   */
  relay<S extends RpcSubject>(
    subject: S,
    ctx: RequestContext,
    data: NoInfer<RpcInput<S>>,
    timeoutMs = this.timeoutMs,
  ): Promise<JsonBytes<RpcResult<S>>> {
    return this.exchange(subject, ctx, data, timeoutMs, relayedValue<RpcResult<S>>);
  }

  private async exchange<S extends RpcSubject, R>(
    subject: S,
    ctx: RequestContext,
    data: RpcInput<S>,
    timeoutMs: number,
    read: (msg: Msg, packetId: string) => NestReplyPacket<R> | Promise<NestReplyPacket<R>>,
  ): Promise<R> {
    // Not sent, so certainly not applied: the client may retry freely.
    if (!this.connected) throw unavailable(`The ${serviceOf(subject)} service is unreachable (no connection to NATS), try again later`);
    const started = performance.now();
    // With tracing on, the request carries its client span as the service's parent (W3C trace
    // context in the envelope's ctx); off, the envelope is the caller's ctx unchanged.
    const traced = startRpcClientSpan(subject, ctx);
    const sent = traced ? { ...ctx, ...traced.carrier } : ctx;
    try {
      const result = await this.request(subject, sent, data, timeoutMs, read);
      rpcClientRequests.observe({ subject, outcome: 'ok' }, secondsSince(started));
      if (traced) endSpan(traced.span, 'ok');
      return result;
    } catch (error) {
      rpcClientRequests.observe({ subject, outcome: outcomeOf(error) }, secondsSince(started));
      if (traced) endSpan(traced.span, outcomeOf(error));
      throw error;
    }
  }

  private async request<S extends RpcSubject, R>(
    subject: S,
    ctx: RequestContext,
    data: RpcInput<S>,
    timeoutMs: number,
    read: (msg: Msg, packetId: string) => NestReplyPacket<R> | Promise<NestReplyPacket<R>>,
  ): Promise<R> {
    const envelope: Envelope<RpcInput<S>> = { ctx, data };
    this.nextPacketId = (this.nextPacketId + 1) % Number.MAX_SAFE_INTEGER;
    const packetId = String(this.nextPacketId);
    // No `pattern`: services route by the NATS subject (the subscription's), never by the packet's.
    const packet = JSON.stringify({ data: envelope, id: packetId });
    let reply: NestReplyPacket<R>;
    try {
      reply = await read(await this.requestInCheckPhase(subject, packet, timeoutMs), packetId);
    } catch (error) {
      throw transportError(error, subject, ctx);
    }
    if (reply.err !== undefined && reply.err !== null) throw replyError(reply.err, subject, ctx);
    return reply.response;
  }

  /** A request, sent with the other requests of this loop turn in one socket write (see `inCheckPhase`). */
  private requestInCheckPhase(subject: string, packet: string, timeoutMs: number): Promise<Msg> {
    return new Promise((resolve, reject) =>
      inCheckPhase(() => {
        this.mux.request(subject, packet, timeoutMs).then(resolve, reject);
      }),
    );
  }

  private async trackConnection(): Promise<void> {
    try {
      for await (const status of this.nc.status()) {
        if (status.type === 'disconnect' || status.type === 'reconnecting' || status.type === 'close') {
          // `close` is the end (shutdown): nothing to warn about.
          if (this.natsUp && status.type !== 'close')
            logger.warn({ status: status.type }, 'connection to NATS lost: requests answer 503 until it is back');
          this.natsUp = false;
        } else if (status.type === 'reconnect') {
          this.natsUp = true;
          logger.info('connection to NATS restored');
        }
      }
    } catch (error) {
      logger.warn({ err: error }, 'stopped tracking the NATS connection status');
    }
  }
}

/** The reply's value as JSON bytes (see `ServiceClient.relay`); an error packet is left for `request` to throw. */
function relayedValue<T>(msg: Msg, packetId: string): NestReplyPacket<JsonBytes<T>> {
  const bytes = msg.data;
  const tailLength = REPLY_TAIL.length + packetId.length + 2;
  const end = bytes.length - tailLength;
  const nestShaped =
    end > REPLY_HEAD.length &&
    hasAscii(bytes, 0, REPLY_HEAD) &&
    hasAscii(bytes, end, REPLY_TAIL) &&
    hasAscii(bytes, end + REPLY_TAIL.length, packetId) &&
    hasAscii(bytes, bytes.length - 2, '"}');
  if (nestShaped) return { response: Buffer.from(bytes.buffer, bytes.byteOffset + REPLY_HEAD.length, end - REPLY_HEAD.length) };
  const packet = msg.json<NestReplyPacket<T>>();
  if (packet.err !== undefined && packet.err !== null) return { response: Buffer.alloc(0), err: packet.err };
  return { response: Buffer.from(JSON.stringify(packet.response ?? null)) };
}

/** Whether `bytes` holds the ASCII `text` at `at`, compared in place. */
function hasAscii(bytes: Uint8Array, at: number, text: string): boolean {
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false;
  return true;
}

function serviceOf(subject: string): string {
  return subject.split('.')[0] ?? subject;
}

function transportError(error: unknown, subject: string, ctx: RequestContext): AppError {
  // The request reached NATS and maybe the service, which may still apply it: say so, unlike
  // "no responders" below, where nothing received it.
  if (error instanceof natsErrors.TimeoutError) {
    return outcomeUnknown(
      `The ${serviceOf(subject)} service did not answer in time: the outcome is unknown, the request may still be applied. ` +
        'Check before sending it again; with an Idempotency-Key, a retry with the same key gets this answer again and applies nothing',
    );
  }
  const noResponders = error instanceof natsErrors.RequestError && error.isNoResponders();
  if (!noResponders) logger.warn({ err: error, subject, requestId: ctx.requestId, traceId: traceIdOf(ctx) }, 'request to service failed');
  return unavailable(`The ${serviceOf(subject)} service is unavailable, try again later`);
}

function replyError(err: unknown, subject: string, ctx: RequestContext): AppError {
  if (isErrorPayload(err)) return AppError.fromPayload(err);
  // A string error is Nest's own (e.g. no handler for the pattern): a deployment mismatch.
  logger.error({ err, subject, requestId: ctx.requestId, traceId: traceIdOf(ctx) }, 'service answered with an unexpected error');
  return unavailable(`The ${serviceOf(subject)} service cannot handle this request`);
}
