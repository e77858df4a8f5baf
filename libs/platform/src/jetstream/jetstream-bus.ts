import {
  AckPolicy,
  DeliverPolicy,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type ConsumerMessages,
  jetstream,
  jetstreamManager,
} from '@nats-io/jetstream';
import { headers, nanos, type NatsConnection } from '@nats-io/transport-node';
import { connectAtStart } from '../nats/connect-at-start';
import { inBatches } from './batches';
import { watchConsumerLag } from '../metrics/consumer-lag';
import { deadLetters } from '../metrics/metrics';
import { logger } from '../logging/logger';
import { natsConnectionOptions, type NatsSettings } from '../nats/connection-options';
import { StreamPublisher } from './stream-publisher';
import { DEAD_LETTER_PREFIX, EVENT_SUBJECT_PREFIX, EVENTS_STREAM, JOB_SUBJECT_PREFIX, JOBS_STREAM, ensureStreams } from './streams';

export interface ConsumerOptions<T> {
  /** Durable name: the server remembers this consumer's position while its process is down. */
  durable: string;
  /** Event or job type, e.g. `identity.member.added` (no stream prefix). */
  subject: string;
  /** Total deliveries before the message goes to the dead-letter stream. */
  maxDeliver?: number;
  /** How long a handler may hold a message before the server redelivers it. */
  ackWaitMs?: number;
  handler: (payload: T, meta: DeliveryMeta) => Promise<void>;
}

/**
 * A consumer whose handler takes the messages that arrived together (`consumeEventBatches`): they
 * are acked together when it resolves (one socket write), or each retried (or dead-lettered) when
 * it throws, so it must be idempotent for the whole batch, as any handler is for one message.
 */
export interface BatchConsumerOptions<T> extends Omit<ConsumerOptions<T>, 'handler'> {
  /** Most messages handed over at once (default 64). */
  maxBatch?: number;
  /** The payloads, in delivery order; `working` extends the ack deadline of all of them. */
  handler: (payloads: T[], meta: { working: () => void }) => Promise<void>;
}

export interface DeliveryMeta {
  subject: string;
  /** 1 on the first delivery; handlers must be idempotent for the ones after. */
  deliveryCount: number;
  /** Extends the ack deadline during long work. */
  working: () => void;
}

/**
 * JetStream plumbing shared by every service: publishes events and jobs, and runs durable
 * consumers with explicit ack, redelivery with backoff, a bounded number of attempts and a
 * dead-letter subject for what never succeeds.
 */
export class JetStreamBus {
  private readonly running: ConsumerMessages[] = [];

  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    /** Events and jobs (one per outbox row): `js.publish` without its per-publish request objects. */
    private readonly publisher = new StreamPublisher(nc),
  ) {}

  static async connect(nats: NatsSettings, name: string): Promise<JetStreamBus> {
    const nc = await connectAtStart(natsConnectionOptions(nats, name));
    const jsm = await jetstreamManager(nc);
    await ensureStreams(jsm);
    return new JetStreamBus(nc, jetstream(nc), jsm);
  }

  /** Publishes an event. `messageId` makes a retried publish a no-op within the duplicate window. */
  async publishEvent(type: string, payload: unknown, messageId?: string): Promise<void> {
    await this.publisher.publish(EVENT_SUBJECT_PREFIX + type, JSON.stringify(payload), messageId);
  }

  /** Queues a job for exactly one worker. */
  async enqueueJob(type: string, payload: unknown, messageId?: string): Promise<void> {
    await this.publisher.publish(JOB_SUBJECT_PREFIX + type, JSON.stringify(payload), messageId);
  }

  /** Runs a durable event consumer; each durable name sees every event of its subject once it starts. */
  consumeEvents<T>(options: ConsumerOptions<T>): Promise<void> {
    return this.consume(EVENTS_STREAM, EVENT_SUBJECT_PREFIX, options, (messages, maxDeliver) => this.loop(messages, options, maxDeliver));
  }

  /**
   * As `consumeEvents`, with the events that arrived together handed over as one batch: a consumer
   * that writes one row per event writes them in one statement, and acks them in one write, when
   * they queue up behind a busy process (one at a time when they do not).
   */
  consumeEventBatches<T>(options: BatchConsumerOptions<T>): Promise<void> {
    return this.consume(EVENTS_STREAM, EVENT_SUBJECT_PREFIX, options, (messages, maxDeliver) =>
      inBatches(messages, options.maxBatch ?? 64, (batch) => this.handleBatch(batch, options, maxDeliver)),
    );
  }

  /** Runs a job worker; workers sharing a durable name split the jobs between them. */
  processJobs<T>(options: ConsumerOptions<T>): Promise<void> {
    return this.consume(JOBS_STREAM, JOB_SUBJECT_PREFIX, options, (messages, maxDeliver) => this.loop(messages, options, maxDeliver));
  }

  /** Stops consuming and closes the connection after in-flight acks are flushed. */
  async close(): Promise<void> {
    for (const messages of this.running) await messages.close();
    await this.nc.drain();
  }

  /** Creates or updates the durable consumer, then `run`s over its messages. */
  private async consume<T>(
    stream: string,
    prefix: string,
    options: Omit<ConsumerOptions<T>, 'handler'>,
    run: (messages: ConsumerMessages, maxDeliver: number) => Promise<void>,
  ): Promise<void> {
    const maxDeliver = options.maxDeliver ?? 5;
    const config = {
      durable_name: options.durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: prefix + options.subject,
      max_deliver: maxDeliver,
      ack_wait: nanos(options.ackWaitMs ?? 30_000),
    };
    try {
      await this.jsm.consumers.info(stream, options.durable);
      await this.jsm.consumers.update(stream, options.durable, { max_deliver: config.max_deliver, ack_wait: config.ack_wait });
    } catch {
      await this.jsm.consumers.add(stream, config);
    }
    const consumer = await this.js.consumers.get(stream, options.durable);
    watchConsumerLag([consumer]);
    const messages = await consumer.consume({ max_messages: 32 });
    this.running.push(messages);
    void run(messages, maxDeliver);
  }

  private async loop<T>(messages: ConsumerMessages, options: ConsumerOptions<T>, maxDeliver: number): Promise<void> {
    for await (const msg of messages) {
      await this.handle(msg, options, maxDeliver);
    }
  }

  /** A batch of messages for one handler call: acked together, or each retried; one that is not JSON fails alone. */
  private async handleBatch<T>(batch: JsMsg[], options: BatchConsumerOptions<T>, maxDeliver: number): Promise<void> {
    const parsed: Array<{ msg: JsMsg; payload: T }> = [];
    for (const msg of batch) {
      try {
        parsed.push({ msg, payload: msg.json<T>() });
      } catch (error) {
        await this.failed(msg, options.durable, error, maxDeliver);
      }
    }
    if (parsed.length === 0) return;
    try {
      await options.handler(
        parsed.map((p) => p.payload),
        { working: () => parsed.forEach((p) => p.msg.working()) },
      );
      // Acked in one loop turn: the client writes them to its socket together.
      for (const { msg } of parsed) msg.ack();
    } catch (error) {
      for (const { msg } of parsed) await this.failed(msg, options.durable, error, maxDeliver);
    }
  }

  private async handle<T>(msg: JsMsg, options: ConsumerOptions<T>, maxDeliver: number): Promise<void> {
    const deliveryCount = msg.info.deliveryCount;
    try {
      const payload = msg.json<T>();
      await options.handler(payload, { subject: msg.subject, deliveryCount, working: () => msg.working() });
      msg.ack();
    } catch (error) {
      await this.failed(msg, options.durable, error, maxDeliver);
    }
  }

  /** A message its handler failed on: retried later with backoff, or dead-lettered after its last attempt. */
  private async failed(msg: JsMsg, durable: string, error: unknown, maxDeliver: number): Promise<void> {
    const deliveryCount = msg.info.deliveryCount;
    if (deliveryCount >= maxDeliver) {
      logger.error({ err: error, subject: msg.subject, durable, deliveryCount }, 'giving up; dead-lettered');
      await this.deadLetter(msg, durable, error);
      msg.term();
    } else {
      logger.warn({ err: error, subject: msg.subject, durable, deliveryCount }, 'handler failed; will retry');
      // Back off a little more after each failure so a struggling dependency can recover.
      msg.nak(Math.min(30_000, 500 * 2 ** (deliveryCount - 1)));
    }
  }

  private async deadLetter(msg: JsMsg, durable: string, error: unknown): Promise<void> {
    deadLetters.inc({ consumer: durable });
    const h = headers();
    h.set('Bindery-Original-Subject', msg.subject);
    h.set('Bindery-Consumer', durable);
    h.set('Bindery-Error', error instanceof Error ? error.message.slice(0, 500) : 'unknown error');
    await this.js.publish(DEAD_LETTER_PREFIX + msg.subject, msg.data, { headers: h }).catch((e: unknown) => {
      logger.error({ err: e }, 'could not publish to the dead-letter stream');
    });
  }
}
