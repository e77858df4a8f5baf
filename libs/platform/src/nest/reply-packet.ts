import type { Msg } from '@nats-io/transport-node';
import { logger } from '../logging/logger';
import { inCheckPhase } from '../nats/check-phase-batch';
import { messagesInHand } from './messages-in-hand';

/**
 * An answer its handler already holds as JSON (text, or UTF-8 bytes): the transport sends it as the
 * reply's value unchanged instead of serialising a value, so an answer kept serialised (a cached
 * one) is not parsed or stringified again. The caller gets the value the JSON encodes, as if the
 * handler had returned it: `ServiceClient.send` parses it, `relay` passes the bytes on. `T` is only
 * what it encodes, for the handler's return type.
 */
export class JsonAnswer<T = unknown> {
  declare readonly encodes?: T;
  constructor(readonly json: string | Uint8Array) {}
}

const HEAD = '{"response":';
const HEAD_BYTES = Buffer.from(HEAD);

/**
 * The reply packet of a request answered with `answer`, as the bytes Nest's own serializer writes
 * for it: `{"response":<value>,"isDisposed":true,"id":<id>}` (`ServiceClient.relay` reads the
 * value out of that shape in place). One `JSON.stringify` of one small object, where Nest's first
 * copies the packet into a `NatsRecord` and then into another object (~7 % fewer bytes allocated
 * per 800-byte reply); not the value's JSON spliced between two strings, which costs one more copy
 * of it when the text is encoded. A `JsonAnswer` is spliced in: it is JSON already. Throws what
 * `JSON.stringify` throws (a cycle, a BigInt).
 */
export function replyPacket(answer: unknown, id: string): string | Uint8Array {
  if (!(answer instanceof JsonAnswer)) return JSON.stringify({ response: answer, isDisposed: true, id });
  const tail = `,"isDisposed":true,"id":${JSON.stringify(id)}}`;
  const { json } = answer;
  return typeof json === 'string' ? HEAD + json + tail : Buffer.concat([HEAD_BYTES, json, Buffer.from(tail)]);
}

/**
 * Answers the request `msg` (packet `id`) with a handler's value, or a `JsonAnswer`, in the loop
 * turn's check phase with the turn's other NATS sends (`inCheckPhase`: one socket write). In hand
 * until sent, so a stopping service sends it before it closes. A value that cannot be written is
 * logged and not answered, as Nest's publisher does: the caller's request times out.
 */
export function sendAnswer(msg: Msg, id: string, answer: unknown): void {
  if (!msg.reply) return;
  messagesInHand.started();
  inCheckPhase(() => {
    try {
      msg.respond(replyPacket(answer, id));
    } catch (error) {
      logger.warn({ err: error, subject: msg.subject }, 'could not send a reply');
    } finally {
      messagesInHand.finished();
    }
  });
}
