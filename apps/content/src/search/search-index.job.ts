import type { SearchIndexPayload } from '@bindery/contracts';
import { defineJob, enqueueJob, type JobDefinition, logger } from '@bindery/platform';
import type { EntityManager } from 'typeorm';
import type { SearchIndexer } from './search-indexer';
import { searchConfig } from './search-text';

export const SEARCH_INDEX_JOB = 'content.search-index';

/**
 * Indexes a space's main content after it changed (a merge, a template, a duplicate, a new
 * language). Runs at least once; a worker killed mid-run rolls its transaction back and the job is
 * redelivered, so the index catches up after any restart.
 */
export function searchIndexJob(deps: { indexer: SearchIndexer }): JobDefinition<SearchIndexPayload> {
  return defineJob<SearchIndexPayload>({
    type: SEARCH_INDEX_JOB,
    concurrency: 2,
    ackWaitMs: 60_000,
    maxAttempts: 10,
    backoff: { initialMs: 1_000, maxMs: 60_000 },
    async handle(payload, ctx) {
      await ctx.progress(0, 'indexing the space main content');
      const run = await deps.indexer.run(payload.spaceId);
      logger.info({ spaceId: payload.spaceId, ...run }, 'search index updated');
    },
  });
}

/**
 * Queues the indexing of a space's new main revision, in the transaction that moved it. One job
 * per revision and configuration: a duplicate request is not queued twice.
 */
export function enqueueSearchIndex(
  manager: EntityManager,
  space: { id: string; revisionId: string; language?: string | null },
): Promise<string> {
  const payload: SearchIndexPayload = { spaceId: space.id };
  return enqueueJob(manager, SEARCH_INDEX_JOB, payload, {
    jobId: `search-index-${space.id}-${space.revisionId}-${searchConfig(space.language)}`,
  });
}
