/** What a job handler may do besides its work. */
export interface JobContext {
  /** The job's id (what `enqueueJob` returned); stable across attempts, handy as an idempotency key. */
  jobId: string;
  /** 1 on the first delivery; a higher attempt may find the previous one's partial work. */
  attempt: number;
  /**
   * Aborted when the worker is shutting down. A long handler should stop at a safe point and throw
   * (the job is then released to another worker, not counted as failed); a short one may ignore it
   * and finish within the grace period.
   */
  signal: AbortSignal;
  /**
   * Records progress (a fraction 0..1, a message, or both) that the job's status reports, and tells
   * the server the job is alive. The runner also heartbeats on its own while the handler runs.
   */
  progress(progress: number | string, message?: string): Promise<void>;
}

export interface BackoffOptions {
  /** Delay before the second attempt. */
  initialMs: number;
  /** Cap on any delay. */
  maxMs: number;
  /** Growth per attempt (2 doubles it). */
  factor: number;
}

export interface JobOptions<TPayload> {
  /** `<context>.<name>`, e.g. `content.purge`; the JetStream subject is `jobs.<type>`. */
  type: string;
  /** Jobs of this type one worker process runs at once. */
  concurrency?: number;
  /** How long the server waits without an ack or a heartbeat before redelivering to another worker. */
  ackWaitMs?: number;
  /** Attempts (deliveries) before the job is marked failed and dead-lettered. */
  maxAttempts?: number;
  backoff?: Partial<BackoffOptions>;
  /**
   * Consulted on a job's first delivery only, before its status row is written: how long to put
   * it off (ms; 0 runs it now). The runner then naks the message with that delay, so the job holds
   * no slot and writes nothing while it waits, and runs on its redelivery (to any replica) without
   * being asked again. For jobs queued coalesced (`enqueueJob`'s `coalesce`): the requests landing
   * while the job waits add nothing to it, and its one run covers them. The deferred delivery counts as one, so a job that declares
   * this is allowed one delivery more than `maxAttempts`.
   */
  defer?: (payload: TPayload, job: { jobId: string }) => number;
  /** Does the work; must be idempotent, as a job runs at least once (a crash mid-job runs it again). */
  handle: (payload: TPayload, ctx: JobContext) => Promise<void>;
}

/** A job type with every option resolved. */
export interface JobDefinition<TPayload = unknown> extends Required<Omit<JobOptions<TPayload>, 'backoff' | 'defer'>> {
  backoff: BackoffOptions;
  defer?: JobOptions<TPayload>['defer'];
}

/**
 * A failure that another attempt cannot fix (bad input: a broken file, a refused host, a repository
 * over the caps): the runner fails the job at once with this message instead of retrying it.
 */
export class PermanentJobError extends Error {
  readonly permanent = true;
}

/** True for a PermanentJobError (also across copies of this module). */
export const isPermanentJobError = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { permanent?: unknown }).permanent === true;

export const JOB_DEFAULTS = {
  concurrency: 1,
  ackWaitMs: 30_000,
  maxAttempts: 5,
  backoff: { initialMs: 1000, maxMs: 5 * 60_000, factor: 2 },
} as const;

const TYPE_PATTERN = /^[a-z][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)+$/;

/** Declares a job type; the worker that lists it in `runWorker({jobs})` runs it. */
export function defineJob<TPayload>(options: JobOptions<TPayload>): JobDefinition<TPayload> {
  if (!TYPE_PATTERN.test(options.type)) throw new Error(`job type "${options.type}" must look like <context>.<name> (lower case)`);
  const definition: JobDefinition<TPayload> = {
    type: options.type,
    concurrency: options.concurrency ?? JOB_DEFAULTS.concurrency,
    ackWaitMs: options.ackWaitMs ?? JOB_DEFAULTS.ackWaitMs,
    maxAttempts: options.maxAttempts ?? JOB_DEFAULTS.maxAttempts,
    backoff: { ...JOB_DEFAULTS.backoff, ...options.backoff },
    handle: options.handle,
    ...(options.defer && { defer: options.defer }),
  };
  if (!(definition.concurrency >= 1) || !(definition.maxAttempts >= 1) || !(definition.ackWaitMs >= 1000)) {
    throw new Error(`job ${options.type}: concurrency and maxAttempts must be ≥ 1, ackWaitMs ≥ 1000`);
  }
  return definition;
}

/** Deliveries a job may take: its attempts, and the first delivery when it may be spent deferred. */
export const deliveriesAllowed = <T>(job: JobDefinition<T>): number => job.maxAttempts + (job.defer ? 1 : 0);

/** JetStream durable consumer name of a job type (durable names may not contain dots). */
export const jobConsumerName = (type: string): string => `job_${type.replace(/\./g, '_')}`;
