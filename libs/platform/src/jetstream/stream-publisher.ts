import { type ApiError, JetStreamApiCodes, JetStreamApiError, JetStreamError, type PubAck, PubHeaders } from '@nats-io/jetstream';
import { errors as natsErrors, headers, type Msg, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node';
import { inCheckPhase } from '../nats/check-phase-batch';
import { RequestMux } from '../nats/request-mux';

/** How long a publish waits for the stream's acknowledgement: nats.js's JetStream default. */
export const PUBLISH_ACK_TIMEOUT_MS = 5_000;

/** What the server answers a JetStream publish: the ack, or the API's error. */
interface AckReply extends Partial<PubAck> {
  error?: ApiError;
}

/**
 * Publishes messages to JetStream streams and waits for their acknowledgement, as nats.js's
 * `js.publish` does, without its per-publish costs: that is a `nc.request`, whose `RequestOne`
 * builds a `RequestError("cancelled")` (a captured stack) after every ack, plus a timer, a random
 * token and an options copy (1–2 % of content's and collaboration's CPU in the soak, one per
 * outbox row). Here a publish is a request on the connection's one `RequestMux` inbox: a counter
 * token, one promise, the deadline swept with the other waiting requests.
 *
 * Kept as `js.publish` had them: the message id header (`Nats-Msg-Id`: a publish repeated within
 * the stream's duplicate window is acked as a duplicate, not stored again, and resolves as a
 * success); the order of pipelined publishes (each is written to the connection in call order,
 * and the server stores one connection's messages in the order they arrive); the errors: the API's
 * error in the ack as `JetStreamApiError`, no ack in time as nats.js's `TimeoutError`, a lost
 * connection as its `RequestError`. A subject no stream takes answers "no responders": a
 * `JetStreamError` naming the subject (with the `RequestError` as its cause).
 */
export class StreamPublisher {
  private readonly mux: RequestMux;

  constructor(
    nc: NatsConnection,
    private readonly timeoutMs = PUBLISH_ACK_TIMEOUT_MS,
  ) {
    this.mux = new RequestMux(nc);
  }

  /**
   * Publishes `data` to `subject`, with `messageId` as its JetStream message id when given; resolves
   * with the stream's ack. Sent in the loop turn's check phase, with the turn's other NATS sends (one
   * socket write, see `inCheckPhase`), in the order of the calls.
   */
  publish(subject: string, data: string | Uint8Array, messageId?: string): Promise<PubAck> {
    return this.send(subject, data, messageId ? idHeader(messageId) : undefined);
  }

  /**
   * Publishes `data` to `subject` only if the subject's last message in the stream is still the one
   * at `lastSubjectSequence` (0: the subject has none), as a NATS KV `create` (0) or `update`
   * (the entry's revision) does through `js.publish`: a compare-and-set. When another message
   * came in between, the stream refuses it with its "wrong last sequence" JetStreamApiError.
   */
  publishIfLast(subject: string, data: string | Uint8Array, lastSubjectSequence: number): Promise<PubAck> {
    const h = headers();
    h.set(PubHeaders.ExpectedLastSubjectSequenceHdr, String(lastSubjectSequence));
    return this.send(subject, data, h);
  }

  private send(subject: string, data: string | Uint8Array, h: MsgHdrs | undefined): Promise<PubAck> {
    return new Promise<Msg>((resolve, reject) =>
      inCheckPhase(() => {
        this.mux.request(subject, data, this.timeoutMs, h).then(resolve, reject);
      }),
    ).then(
      (reply) => acknowledged(reply),
      (error: unknown) => {
        throw publishError(error, subject);
      },
    );
  }
}

/** Whether `error` is the stream's refusal of a `publishIfLast` whose subject has moved past the expected sequence. */
export function isWrongLastSequence(error: unknown): boolean {
  return (
    error instanceof JetStreamApiError &&
    (error.code === JetStreamApiCodes.StreamWrongLastSequence || error.code === JetStreamApiCodes.StreamWrongLastSequenceUnknown)
  );
}

/** The header that makes JetStream drop a repeat of the message within the stream's duplicate window. */
function idHeader(messageId: string): MsgHdrs {
  const h = headers();
  h.set(PubHeaders.MsgIdHdr, messageId);
  return h;
}

/** The ack in a publish's reply, or the error it carries. */
export function acknowledged(reply: Msg): PubAck {
  const ack = reply.json<AckReply>();
  if (ack.error) throw new JetStreamApiError(ack.error);
  if (!ack.stream) throw new JetStreamError('invalid ack response');
  return { stream: ack.stream, seq: ack.seq ?? 0, domain: ack.domain, duplicate: ack.duplicate ?? false };
}

function publishError(error: unknown, subject: string): Error {
  if (error instanceof natsErrors.RequestError && error.isNoResponders())
    return new JetStreamError(`no stream takes '${subject}': nothing acknowledged the publish`, { cause: error });
  return error instanceof Error ? error : new Error(String(error));
}
