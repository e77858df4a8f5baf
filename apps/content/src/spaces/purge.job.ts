import { defineJob, type JobDefinition, JobStore, logger } from '@bindery/platform';
import type { DataSource } from 'typeorm';
import type { Clock } from '../clock/clock';
import type { ContentCollector } from '../store/content-collector';
import { purgeCutoff } from '../model/deletion-rules';
import type { SpacesRepository } from '../store/spaces.repository';

export const PURGE_JOB = 'content.purge';

export interface PurgePayload {
  /** Collect unreachable content even if no space was purged (an operator's request). */
  collect?: boolean;
}

/** Finished job rows are history for operators and APIs; a month of it is plenty. */
const JOB_HISTORY_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Purges spaces deleted more than 7 days ago, then collects the stored content no remaining
 * revision reaches. Idempotent: the DELETE finds nothing the second time, and a retry collects
 * even then, as the attempt before may have purged and died before collecting.
 */
export function purgeJob(deps: {
  spaces: SpacesRepository;
  collector: ContentCollector;
  clock: Clock;
  db: DataSource;
}): JobDefinition<PurgePayload> {
  return defineJob<PurgePayload>({
    type: PURGE_JOB,
    concurrency: 1,
    // The collection holds the writers' lock while it walks every revision: give it room.
    ackWaitMs: 60_000,
    maxAttempts: 5,
    backoff: { initialMs: 30_000, maxMs: 15 * 60_000 },
    async handle(payload, ctx) {
      await ctx.progress(0, 'purging spaces deleted more than 7 days ago');
      const purged = await deps.spaces.purgeDeletedBefore(purgeCutoff(deps.clock.now()));
      if (purged > 0) logger.info({ purged }, 'purged spaces deleted more than 7 days ago');
      // Purging is the only way content becomes unreachable (revisions are never deleted otherwise).
      if (purged > 0 || ctx.attempt > 1 || payload.collect) {
        await ctx.progress(0.2, 'collecting stored content no revision reaches');
        const collected = await deps.collector.collect();
        logger.info({ ...collected }, 'collected stored content no revision reaches');
      }
      await new JobStore(deps.db).pruneFinished(new Date(deps.clock.now().getTime() - JOB_HISTORY_MS));
    },
  });
}
