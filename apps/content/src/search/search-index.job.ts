import type { SearchIndexPayload } from '@bindery/contracts';
import { defineJob, type JobDefinition, logger } from '@bindery/platform';
import type { SearchIndexer } from './search-indexer';
import { SearchIndexSchedule } from './search-index-schedule';
import { SEARCH_INDEX_JOB } from '../store/search-index-queue';

/**
 * Indexes a space's main content after it changed (a merge, a template, a duplicate, a new
 * language). Runs at least once; a worker killed mid-run writes nothing (one statement, or one transaction) and the job is
 * redelivered, so the index catches up after any restart.
 *
 * One pending job per space (queued coalesced: the merges landing while it is queued add nothing,
 * one landing while it runs has it run again), and a run indexes the space's current revision; a
 * job whose space began a run less than `SEARCH_INDEX_INTERVAL_MS` ago is deferred to the end of
 * that interval, so a space is indexed about once per interval however often it is merged into.
 */
export function searchIndexJob(deps: { indexer: SearchIndexer; schedule?: SearchIndexSchedule }): JobDefinition<SearchIndexPayload> {
  const schedule = deps.schedule ?? new SearchIndexSchedule();
  return defineJob<SearchIndexPayload>({
    type: SEARCH_INDEX_JOB,
    concurrency: 2,
    ackWaitMs: 60_000,
    maxAttempts: 10,
    backoff: { initialMs: 1_000, maxMs: 60_000 },
    defer: (payload) => schedule.delay(payload.spaceId),
    // No progress is recorded: a run takes milliseconds, and each record is one more statement per run.
    async handle(payload) {
      schedule.begin(payload.spaceId);
      const run = await deps.indexer.run(payload.spaceId);
      logger.info({ spaceId: payload.spaceId, ...run }, 'search index updated');
    },
  });
}
