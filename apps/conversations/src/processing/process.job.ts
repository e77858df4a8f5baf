import { defineJob, type JobDefinition, newId } from '@bindery/platform';
import type { DataSource } from 'typeorm';
import type { ClusteringEngine } from './clustering-engine';
import type { ProcessingRepository } from './processing.repository';

export const PROCESS_JOB = 'conversations.process';

/** Queued by every ingestion that stored something new: process the organization's waiting conversations. */
export interface ProcessPayload {
  organizationId: string;
}

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
        const done = await deps.db.transaction((tx) =>
          deps.engine.processBatch(tx, deps.repository, organizationId, deps.batchSize, newId),
        );
        if (done < deps.batchSize) return;
        await ctx.progress(`processed a batch of ${done} conversations`);
      }
    },
  });
}
