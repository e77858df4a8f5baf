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
}

/**
 * Queues a job in the caller's transaction: a `queued` status row and an outbox row (its id is the
 * job id, the JetStream message id) that the service's outbox relay publishes once the transaction
 * commits. Returns the job id; a job id already known is not queued again.
 *
 * Pass the manager of the transaction that makes the job necessary; with a DataSource's manager
 * the two rows still commit together (one statement).
 */
export async function enqueueJob(manager: EntityManager, type: string, payload: unknown, options: EnqueueOptions = {}): Promise<string> {
  const jobId = options.jobId ?? newId();
  const trace = activeTraceCarrier();
  const envelope: JobEnvelope = trace ? { jobId, payload, trace } : { jobId, payload };
  // One statement (atomic alone, no savepoint or transaction of its own, one round trip): the
  // outbox row and its announcement (the relay publishes it without reading it back) only when the
  // job row is new.
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
