import type { EntityManager } from 'typeorm';
import { newId } from '../ids/new-id';
import { outboxAnnounceSql } from '../jetstream/outbox';
import { JOB_SUBJECT_PREFIX } from '../jetstream/streams';
import type { TraceCarrier } from '../tracing/carrier';
import { activeTraceCarrier } from '../tracing/spans';

/** What travels on `jobs.<type>`: the job id with the payload, so every attempt knows which job it is. */
export interface JobEnvelope<TPayload = unknown> {
  jobId: string;
  payload: TPayload;
  /** W3C trace context of the span that queued the job (tracing on): each attempt's span is its child. */
  trace?: TraceCarrier;
}

export interface EnqueueOptions {
  /**
   * The job's id; give one derived from what the job is for (e.g. the hour of a periodic job) so
   * that enqueueing it twice, from two replicas say, queues it once.
   */
  jobId?: string;
  /**
   * One pending job per id (requires `jobId`): a job still queued absorbs this request (nothing is
   * written or published); one that finished is queued again (a new message); one running is
   * marked queued again, and its run, finding its success not recorded, queues a new message when
   * it ends (see `COALESCED_JOB_SQL`). For work that a later run does whole (index a space at its
   * current revision), where one run per request would be waste.
   */
  coalesce?: boolean;
}

/**
 * The status row of a coalesced job (`$1` id, `$2` type, `$3` payload), as a data-modifying
 * statement that answers a row only when a message must be published (`publish`):
 *
 * - no row, or a finished one (succeeded, failed): queued afresh, published;
 * - queued: left alone (no row answered): the message already on its way starts a run after this
 *   transaction commits (the run's start waits on this row's lock), so it sees what it wrote;
 * - running: marked queued again, `started_at` kept (so not published): the run cannot have seen
 *   this transaction's writes, and its conditional success (`JobStore.succeed`) finds the row
 *   queued, so the runner publishes a new message then.
 *
 * ON CONFLICT reads (and locks) the newest version of the row, not the statement's snapshot, so
 * the decision cannot miss a run that ended concurrently.
 */
export const COALESCED_JOB_SQL = `INSERT INTO jobs (id, type, payload, status) VALUES ($1, $2, $3, 'queued')
  ON CONFLICT (id) DO UPDATE SET status = 'queued', payload = EXCLUDED.payload,
    started_at = CASE WHEN jobs.status = 'running' THEN jobs.started_at END,
    attempts = CASE WHEN jobs.status = 'running' THEN jobs.attempts ELSE 0 END,
    created_at = CASE WHEN jobs.status = 'running' THEN jobs.created_at ELSE now() END,
    worker = CASE WHEN jobs.status = 'running' THEN jobs.worker END,
    error = NULL, progress = NULL, progress_message = NULL, heartbeat_at = NULL, finished_at = NULL
  WHERE jobs.status <> 'queued'
  RETURNING id, started_at IS NULL AS publish`;

/**
 * Queues a job in the caller's transaction: a `queued` status row and an outbox row (its id is the
 * job id, the JetStream message id) that the service's outbox relay publishes once the transaction
 * commits. Returns the job id; a job id already known is not queued again.
 *
 * Pass the manager of the transaction that makes the job necessary; with a DataSource's manager
 * the two rows still commit together (one statement).
 */
export async function enqueueJob(manager: EntityManager, type: string, payload: unknown, options: EnqueueOptions = {}): Promise<string> {
  if (options.coalesce && !options.jobId) throw new Error('a coalesced job needs its jobId');
  const jobId = options.jobId ?? newId();
  const trace = activeTraceCarrier();
  const envelope: JobEnvelope = trace ? { jobId, payload, trace } : { jobId, payload };
  // One statement (atomic alone, no savepoint or transaction of its own, one round trip): the
  // outbox row and its announcement (the relay publishes it without reading it back) only when the
  // job row is new.
  if (options.coalesce) {
    // The outbox row gets an id of its own: it is the JetStream message id, and the job's next
    // message (after this one ran) must not be dropped as a duplicate of this one.
    await manager.query(
      `WITH job AS (${COALESCED_JOB_SQL}), added AS (
         INSERT INTO outbox (id, type, payload) SELECT $4::text, $5::text, $6::jsonb FROM job WHERE publish RETURNING id, type, payload
       )
       SELECT ${outboxAnnounceSql('added')} WHERE EXISTS (SELECT 1 FROM added)`,
      [jobId, type, JSON.stringify(payload ?? null), newId(), JOB_SUBJECT_PREFIX + type, JSON.stringify(envelope)],
    );
    return jobId;
  }
  await manager.query(
    `WITH job AS (
       INSERT INTO jobs (id, type, payload, status) VALUES ($1, $2, $3, 'queued') ON CONFLICT (id) DO NOTHING RETURNING id
     ), added AS (
       INSERT INTO outbox (id, type, payload) SELECT id, $4::text, $5::jsonb FROM job RETURNING id, type, payload
     )
     SELECT ${outboxAnnounceSql('added')} WHERE EXISTS (SELECT 1 FROM added)`,
    [jobId, type, JSON.stringify(payload ?? null), JOB_SUBJECT_PREFIX + type, JSON.stringify(envelope)],
  );
  return jobId;
}
