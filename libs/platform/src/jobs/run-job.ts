import { logger } from '../logging/logger';
import { endSpan, startJobSpan, withSpan } from '../tracing/spans';
import { backoffDelay } from './backoff';
import type { JobEnvelope } from './enqueue';
import { deliveriesAllowed, isPermanentJobError, type JobDefinition } from './job';
import type { JobRecorder } from './job-store';

/** One delivery of a job message, as the runner needs it (JetStream's JsMsg, or a fake in tests). */
export interface JobDelivery {
  /** 1 on the first delivery. */
  attempt: number;
  json(): unknown;
  /** Resets the server's ack timer. */
  working(): void;
  /** Acknowledges and waits for the server to confirm it. */
  ack(): Promise<void>;
  /** Redelivers after the delay (0: at once, to any worker). */
  nak(delayMs: number): void;
  /** Never redelivers. */
  term(reason: string): void;
}

export interface RunJobContext {
  recorder: JobRecorder;
  /**
   * Who runs this delivery (process, host and PID, and a number per delivery), recorded on the
   * status row: a success is recorded only while the row still names it.
   */
  worker: string;
  /** Aborted when shutdown begins: handlers are told, and no new job starts. */
  shutdown: AbortSignal;
  /** Aborted when the shutdown grace period is over: jobs still in hand are released. */
  graceOver: AbortSignal;
  deadLetter(error: string): Promise<void>;
  /** Publishes the job's message again, as a new message (its run was asked for again while it ran). */
  republish(): Promise<void>;
  heartbeatMs: number;
  random?: () => number;
}

export type JobOutcome = 'succeeded' | 'retrying' | 'failed' | 'released' | 'skipped' | 'deferred' | 'queued-again';

/**
 * Runs one delivery of a job to its end: status row, heartbeats while the handler works, then
 * ack (success), nak with backoff (failure, attempts left), dead letter (failure, none left), or
 * an immediate nak (shutdown: the job is released to another worker). A success the status row
 * does not take (the job was queued again while it ran, see `COALESCED_JOB_SQL`) publishes the job
 * anew before the ack, so a run that begins after the new request follows. A first delivery that the
 * job defers is nakked with its delay, before anything is recorded.
 */
export async function runJob<T>(delivery: JobDelivery, job: JobDefinition<T>, ctx: RunJobContext): Promise<JobOutcome> {
  const log = logger.child({ jobType: job.type, attempt: delivery.attempt });
  let envelope: JobEnvelope<T>;
  try {
    envelope = parseEnvelope<T>(delivery.json());
  } catch (error) {
    log.error({ err: error }, 'job message is not a job envelope; dead-lettered');
    await ctx.deadLetter(`not a job envelope: ${messageOf(error)}`);
    delivery.term('not a job envelope');
    return 'failed';
  }
  // With tracing on, the attempt is a span, child of the one that queued the job, active while it
  // runs (its status rows, its queries, the requests it sends).
  const span = startJobSpan(job.type, envelope.jobId, delivery.attempt, envelope.trace);
  const outcome = await withSpan(span, () => runDelivery(delivery, job, ctx, envelope, log));
  if (span) endSpan(span, outcome);
  return outcome;
}

async function runDelivery<T>(
  delivery: JobDelivery,
  job: JobDefinition<T>,
  ctx: RunJobContext,
  envelope: JobEnvelope<T>,
  log: typeof logger,
): Promise<JobOutcome> {
  const { jobId, payload } = envelope;
  const jobLog = log.child({ jobId });

  if (ctx.shutdown.aborted) {
    // Pulled while stopping: hand it straight back.
    delivery.nak(0);
    return 'released';
  }
  // Only the first delivery may be deferred, so a deferred job runs on its redelivery, never put off twice.
  const deferMs = delivery.attempt === 1 && job.defer ? deferral(job, payload, jobId, jobLog) : 0;
  if (deferMs > 0) {
    delivery.nak(deferMs);
    return 'deferred';
  }
  const lastAttempt = deliveriesAllowed(job);
  if (delivery.attempt > lastAttempt) {
    // Every attempt ended without an outcome: the worker died or was stopped each time.
    const error = `no outcome after ${lastAttempt} attempts (the worker stopped or crashed during each)`;
    jobLog.error(error);
    return giveUp(delivery, ctx, jobId, error);
  }

  try {
    if (!(await ctx.recorder.start({ id: jobId, type: job.type, payload }, delivery.attempt, ctx.worker))) {
      // It succeeded before, but the ack was lost (a crash between commit and ack): do not run it twice.
      jobLog.info('job already succeeded; acknowledging the redelivery');
      await delivery.ack();
      return 'skipped';
    }
  } catch (error) {
    jobLog.warn({ err: error }, 'could not record the job start; will retry');
    delivery.nak(backoffDelay(delivery.attempt, job.backoff, ctx.random));
    return 'retrying';
  }

  const heartbeat = setInterval(() => {
    delivery.working();
    ctx.recorder.heartbeat(jobId).catch((error: unknown) => jobLog.warn({ err: error }, 'could not record a heartbeat'));
  }, ctx.heartbeatMs);
  const started = Date.now();
  try {
    const handled = Promise.resolve()
      .then(() =>
        job.handle(payload, {
          jobId,
          attempt: delivery.attempt,
          signal: ctx.shutdown,
          progress: async (progress, message) => {
            delivery.working();
            const fraction = typeof progress === 'number' ? Math.min(1, Math.max(0, progress)) : null;
            await ctx.recorder.progress(jobId, fraction, typeof progress === 'string' ? progress : (message ?? null));
          },
        }),
      )
      .then(
        () => ({ ok: true as const }),
        (error: unknown) => ({ ok: false as const, error }),
      );
    const graceOver = whenAborted(ctx.graceOver);
    const result = await Promise.race([handled, graceOver.promise]).finally(graceOver.dispose);

    if (result === 'grace-over' || (!result.ok && ctx.shutdown.aborted)) {
      // Shutting down: give the job back now rather than after the ack wait (the handler, if still
      // running, is abandoned with the process; handlers are idempotent).
      delivery.nak(0);
      await ctx.recorder.requeue(jobId, null).catch((error: unknown) => jobLog.warn({ err: error }, 'could not record the release'));
      jobLog.info({ ms: Date.now() - started }, 'job released at shutdown');
      return 'released';
    }
    if (result.ok) {
      try {
        if (!(await ctx.recorder.succeed(jobId, ctx.worker))) {
          // Queued again while it ran (or taken by another delivery): this run may not have seen
          // what the new request is about, so a new message runs it again (deferred like any first delivery).
          await ctx.republish();
          await delivery.ack().catch((error: unknown) => jobLog.warn({ err: error }, 'ack not confirmed; the job may run once more'));
          jobLog.info({ ms: Date.now() - started }, 'job ran, and was queued again meanwhile');
          return 'queued-again';
        }
      } catch (error) {
        jobLog.warn({ err: error }, 'could not record the success; will run again');
        delivery.nak(backoffDelay(delivery.attempt, job.backoff, ctx.random));
        return 'retrying';
      }
      // The status row now says succeeded, so a redelivery after a lost ack is skipped.
      await delivery.ack().catch((error: unknown) => jobLog.warn({ err: error }, 'ack not confirmed; a redelivery will be skipped'));
      jobLog.info({ ms: Date.now() - started }, 'job succeeded');
      return 'succeeded';
    }
    const error = messageOf(result.error);
    if (isPermanentJobError(result.error)) {
      jobLog.warn({ err: result.error }, 'job failed for good (not retried); dead-lettered');
      return giveUp(delivery, ctx, jobId, error);
    }
    if (delivery.attempt >= lastAttempt) {
      jobLog.error({ err: result.error }, 'job failed on its last attempt; dead-lettered');
      return giveUp(delivery, ctx, jobId, error);
    }
    const delay = backoffDelay(delivery.attempt, job.backoff, ctx.random);
    jobLog.warn({ err: result.error, retryInMs: delay }, 'job failed; will retry');
    await ctx.recorder.requeue(jobId, error).catch((e: unknown) => jobLog.warn({ err: e }, 'could not record the failure'));
    delivery.nak(delay);
    return 'retrying';
  } finally {
    clearInterval(heartbeat);
  }
}

/** The job's deferral of this delivery (ms, whole); one that throws is logged and the job runs now. */
function deferral<T>(job: JobDefinition<T>, payload: T, jobId: string, log: typeof logger): number {
  try {
    const ms = job.defer!(payload, { jobId });
    return Number.isFinite(ms) && ms > 0 ? Math.ceil(ms) : 0;
  } catch (error) {
    log.warn({ err: error }, 'could not decide whether to defer the job; running it now');
    return 0;
  }
}

async function giveUp(delivery: JobDelivery, ctx: RunJobContext, jobId: string, error: string): Promise<JobOutcome> {
  try {
    // Queued again while it ran: this message fails, the new request gets a message of its own.
    if (!(await ctx.recorder.fail(jobId, error))) await ctx.republish();
  } catch (e) {
    logger.error({ err: e, jobId }, 'could not record the job as failed');
  }
  await ctx.deadLetter(error);
  delivery.term(error.slice(0, 200));
  return 'failed';
}

function parseEnvelope<T>(value: unknown): JobEnvelope<T> {
  const envelope = value as Partial<JobEnvelope<T>> | null;
  if (typeof envelope !== 'object' || envelope === null || typeof envelope.jobId !== 'string' || !('payload' in envelope)) {
    throw new Error('expected {jobId, payload}');
  }
  return envelope as JobEnvelope<T>;
}

/** Resolves when the signal aborts; dispose() removes the listener (the signal outlives every job). */
function whenAborted(signal: AbortSignal): { promise: Promise<'grace-over'>; dispose: () => void } {
  let onAbort = (): void => undefined;
  const promise = new Promise<'grace-over'>((resolve) => {
    onAbort = () => resolve('grace-over');
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  return { promise, dispose: () => signal.removeEventListener('abort', onAbort) };
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 2000);
