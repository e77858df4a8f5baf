import type { SearchIndexPayload } from '@bindery/contracts';
import { defineJob, type JobDefinition, logger } from '@bindery/platform';
import type { SearchIndexer } from './search-indexer';
import { SEARCH_INDEX_JOB } from '../store/search-index-queue';

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
    // No progress is recorded: a run takes milliseconds, and each record is one more statement per merge.
    async handle(payload) {
      const run = await deps.indexer.run(payload.spaceId);
      logger.info({ spaceId: payload.spaceId, ...run }, 'search index updated');
    },
  });
}
