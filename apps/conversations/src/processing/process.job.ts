import { defineJob, type JobDefinition, newId } from '@bindery/platform';
import type { DataSource } from 'typeorm';
import type { ClusteringEngine } from './clustering-engine';
import type { ProcessingRepository } from './processing.repository';

export const PROCESS_JOB = 'conversations.process';

/** Queued by ingestion (once per organization and second) and by the sweep: process the organization's waiting conversations. */
export interface ProcessPayload {
  organizationId: string;
}

/** Length of the window in which an organization's ingestions share one processing job. */
export const PROCESS_WINDOW_MS = 1000;

/**
 * The id of the organization's processing job for the window holding `at`: every ingestion of the
 * window queues the same id, so a burst of requests costs one job, not one per request.
 * `kind` separates the sweep's jobs from ingestion's.
 */
export const processJobId = (organizationId: string, at: number, kind: 'ingest' | 'sweep' = 'ingest'): string =>
  `conversations-process-${organizationId}-${kind}-${Math.floor(at / PROCESS_WINDOW_MS)}`;

/**
 * Turns an organization's waiting conversations into issues and clusters them, in ingestion order,
 * a batch per transaction, until none is waiting. One transaction per batch holds the
 * organization's lock, writes issues, clusters and counts and marks the conversations processed:
 * a worker killed mid-batch leaves nothing half-counted, and the redelivered job (or any later job
 * of the organization) takes the same conversations again. Jobs of one organization that find
 * their conversations already done by another end at once.
 */
export function processJob(deps: {
  db: DataSource;
  repository: ProcessingRepository;
  engine: ClusteringEngine;
  batchSize: number;
}): JobDefinition<ProcessPayload> {
  return defineJob<ProcessPayload>({
    type: PROCESS_JOB,
    concurrency: 4,
    // Batches take well under a second and the runner heartbeats meanwhile: a crashed worker's job is back in 10 s.
    ackWaitMs: 10_000,
    maxAttempts: 8,
    backoff: { initialMs: 500, maxMs: 60_000 },
    async handle({ organizationId }, ctx) {
      for (;;) {
        if (ctx.signal.aborted) throw new Error('worker stopping');
        // The embedding endpoint (if any) is called before the transaction, never under the lock.
        const prepared = await deps.engine.prepareBatch(deps.db.manager, deps.repository, organizationId, deps.batchSize);
        const done = await deps.db.transaction((tx) =>
          deps.engine.processBatch(tx, deps.repository, organizationId, deps.batchSize, newId, prepared),
        );
        if (done < deps.batchSize) return;
        await ctx.progress(`processed a batch of ${done} conversations`);
      }
    },
  });
}
