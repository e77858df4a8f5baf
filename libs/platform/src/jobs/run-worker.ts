import { hostname } from 'node:os';
import { AckPolicy, type Consumer, DeliverPolicy, jetstream, type JetStreamClient, jetstreamManager, type JsMsg } from '@nats-io/jetstream';
import { headers, nanos, type NatsConnection } from '@nats-io/transport-node';
import { connectAtStart } from '../nats/connect-at-start';
import { logger } from '../logging/logger';
import { watchConsumerLag } from '../metrics/consumer-lag';
import { deadLetters, jobRuns, secondsSince } from '../metrics/metrics';
import { markReady, startMetricsServer } from '../metrics/metrics-server';
import { natsConnectionOptions, type NatsSettings } from '../nats/connection-options';
import { DEAD_LETTER_PREFIX, ensureStreams, JOB_SUBJECT_PREFIX, JOBS_STREAM } from '../jetstream/streams';
import { type JobDefinition, jobConsumerName } from './job';
import { JobStore, NO_JOB_RECORDS, type Queryable } from './job-store';
import { type JobDelivery, runJob } from './run-job';
import { flushTracing } from '../tracing/start-tracing';
import { entryHost } from '../process/entry-host';

export interface RunWorkerOptions {
  /** Process name (e.g. `content-worker`): NATS connection name, logs, the status rows' `worker`. */
  name: string;
  /** Where NATS is and this process's credentials there (NatsEnv). */
  nats: NatsSettings;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  jobs: Array<JobDefinition<any>>;
  /** The service's database (with the `jobs` table): job status is recorded there. */
  database?: Queryable;
  /** Caps every job type's concurrency in this process (an operator's knob). */
  maxConcurrency?: number;
  /** Time jobs in hand get to finish at shutdown before they are released (20 s). */
  shutdownGraceMs?: number;
  /** Stop on SIGTERM and SIGINT (default true). */
  handleSignals?: boolean;
}

export interface Worker {
  /** Stops pulling, lets jobs in hand finish (up to the grace period), releases the rest, disconnects. */
  stop(): Promise<void>;
  /** Resolves once stopped; rejects on a fatal error (the process should then exit non-zero). */
  readonly stopped: Promise<void>;
}

/** Pulls that keep failing this long (NATS unreachable, consumer gone) make the worker give up. */
const FATAL_AFTER_MS = 60_000;
/**
 * A pull waits this long for a job (the server sends an idle heartbeat every half of it). Long,
 * because an idle worker renews every pull this often: at 5 s the renewals and heartbeats were
 * visible in an idle stack's CPU. A new job still wakes a waiting pull at once, and a stopping
 * worker is not held up: closing the connection ends the pulls.
 */
const PULL_EXPIRES_MS = 60_000;

/**
 * Runs job handlers as a worker process: one durable pull consumer per job type on the JOBS work
 * queue, shared by every replica (each job goes to one of them), and per type `concurrency`
 * pulls of one message each, so a process never holds more jobs than it runs (a buffered job's
 * ack timer would run while it waits).
 */
export async function runWorker(options: RunWorkerOptions): Promise<Worker> {
  const nc = await connectAtStart(natsConnectionOptions(options.nats, options.name));
  try {
    const jsm = await jetstreamManager(nc);
    await ensureStreams(jsm);
    const js = jetstream(nc);
    const consumers: Array<[JobDefinition, Consumer]> = [];
    for (const job of options.jobs) consumers.push([job, await ensureConsumer(jsm, js, job)]);
    watchConsumerLag(consumers.map(([, consumer]) => consumer));
    await startMetricsServer(options.name, {
      METRICS_PORT: options.nats.METRICS_PORT,
      METRICS_HOST: options.nats.METRICS_HOST ?? '127.0.0.1',
    });
    const worker = new JobWorker(nc, js, consumers, options).start();
    markReady();
    return worker;
  } catch (error) {
    await nc.close();
    throw error;
  }
}

async function ensureConsumer(
  jsm: Awaited<ReturnType<typeof jetstreamManager>>,
  js: JetStreamClient,
  job: JobDefinition,
): Promise<Consumer> {
  const durable = jobConsumerName(job.type);
  // Unlimited deliveries on the server: the runner counts attempts itself, so that a job whose
  // worker dies every time still ends failed and dead-lettered rather than silently dropped.
  const limits = { ack_wait: nanos(job.ackWaitMs), max_deliver: -1 };
  try {
    await jsm.consumers.info(JOBS_STREAM, durable);
    await jsm.consumers.update(JOBS_STREAM, durable, limits);
  } catch {
    await jsm.consumers
      .add(JOBS_STREAM, {
        durable_name: durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        filter_subject: JOB_SUBJECT_PREFIX + job.type,
        ...limits,
      })
      .catch(async (error: unknown) => {
        // Another replica created it meanwhile.
        await jsm.consumers
          .info(JOBS_STREAM, durable)
          .catch(() => Promise.reject(error instanceof Error ? error : new Error(String(error))));
      });
  }
  return js.consumers.get(JOBS_STREAM, durable);
}

class JobWorker implements Worker {
  readonly stopped: Promise<void>;
  private resolveStopped!: () => void;
  private rejectStopped!: (error: Error) => void;
  private readonly shutdown = new AbortController();
  private readonly graceOver = new AbortController();
  private readonly inHand = new Set<Promise<unknown>>();
  private readonly slots: Array<Promise<void>> = [];
  private stopping?: Promise<void>;
  private readonly id = `${hostname()}:${process.pid}`;
  /** Deliveries run here so far: numbers each one's status row, so a run records only its own success. */
  private deliveries = 0;

  constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly consumers: Array<[JobDefinition, Consumer]>,
    private readonly options: RunWorkerOptions,
  ) {
    this.stopped = new Promise((resolve, reject) => {
      this.resolveStopped = resolve;
      this.rejectStopped = reject;
    });
  }

  start(): this {
    for (const [job, consumer] of this.consumers) {
      const concurrency = Math.min(job.concurrency, this.options.maxConcurrency ?? Infinity);
      for (let i = 0; i < concurrency; i++) this.slots.push(this.pullLoop(job, consumer));
      logger.info({ worker: this.options.name, jobType: job.type, concurrency }, 'worker consuming jobs');
    }
    // Beside other apps in one process (an EntryHost), the host stops the worker instead.
    if (this.options.handleSignals ?? !entryHost()) {
      const onSignal = (signal: string) => {
        logger.info({ signal }, 'stopping the worker: finishing or releasing the jobs in hand');
        void this.stop();
      };
      process.once('SIGTERM', onSignal);
      process.once('SIGINT', onSignal);
    }
    // Reconnection is unlimited, so a closed connection we did not close is the end.
    void this.nc.closed().then((error) => {
      if (!this.stopping) this.fatal(error ?? new Error('NATS connection closed'));
    });
    return this;
  }

  stop(): Promise<void> {
    this.stopping ??= this.doStop();
    return this.stopping;
  }

  private async doStop(): Promise<void> {
    this.shutdown.abort();
    const grace = setTimeout(() => this.graceOver.abort(), this.options.shutdownGraceMs ?? 20_000);
    try {
      await Promise.allSettled([...this.inHand]);
    } finally {
      clearTimeout(grace);
    }
    // Flushes the acks and naks just sent; idle pulls end with the connection.
    await this.nc.drain().catch(() => undefined);
    await Promise.allSettled(this.slots);
    // The last jobs' spans are still buffered: export them before the process ends.
    await flushTracing();
    logger.info({ worker: this.options.name }, 'worker stopped');
    this.resolveStopped();
  }

  private fatal(error: Error): void {
    logger.fatal({ err: error, worker: this.options.name }, 'worker cannot go on');
    this.rejectStopped(error);
  }

  private async pullLoop(job: JobDefinition, consumer: Consumer): Promise<void> {
    const recorder = this.options.database ? new JobStore(this.options.database) : NO_JOB_RECORDS;
    const heartbeatMs = Math.max(500, Math.floor(job.ackWaitMs / 3));
    let failingSince: number | undefined;
    while (!this.shutdown.signal.aborted) {
      let msg: JsMsg | null;
      try {
        msg = await consumer.next({ expires: PULL_EXPIRES_MS });
        failingSince = undefined;
      } catch (error) {
        if (this.shutdown.signal.aborted) return;
        failingSince ??= Date.now();
        if (Date.now() - failingSince > FATAL_AFTER_MS) return this.fatal(error instanceof Error ? error : new Error(String(error)));
        logger.warn({ err: error, jobType: job.type }, 'pulling a job failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, 1000));
        continue;
      }
      if (!msg) continue;
      const started = performance.now();
      const running = runJob(toDelivery(msg), job, {
        recorder,
        worker: `${this.options.name}@${this.id}#${++this.deliveries}`,
        shutdown: this.shutdown.signal,
        graceOver: this.graceOver.signal,
        heartbeatMs,
        deadLetter: (error) => this.deadLetter(msg, job, error),
        // No message id: this is a new request of the job, not a copy JetStream should drop.
        republish: async () => void (await this.js.publish(msg.subject, msg.data)),
      })
        .then((outcome) => jobRuns.observe({ type: job.type, outcome }, secondsSince(started)))
        .catch((error: unknown) => logger.error({ err: error, jobType: job.type }, 'job runner failed'));
      this.inHand.add(running);
      await running;
      this.inHand.delete(running);
    }
  }

  private async deadLetter(msg: JsMsg, job: JobDefinition, error: string): Promise<void> {
    deadLetters.inc({ consumer: jobConsumerName(job.type) });
    const h = headers();
    h.set('Bindery-Original-Subject', msg.subject);
    h.set('Bindery-Consumer', jobConsumerName(job.type));
    h.set('Bindery-Error', error.slice(0, 500).replace(/[\r\n]+/g, ' '));
    await this.js.publish(DEAD_LETTER_PREFIX + msg.subject, msg.data, { headers: h }).catch((e: unknown) => {
      logger.error({ err: e }, 'could not publish to the dead-letter stream');
    });
  }
}

function toDelivery(msg: JsMsg): JobDelivery {
  return {
    attempt: msg.info.deliveryCount,
    json: () => msg.json(),
    working: () => msg.working(),
    ack: async () => {
      await msg.ackAck();
    },
    nak: (delayMs) => msg.nak(delayMs),
    term: (reason) => msg.term(reason),
  };
}
