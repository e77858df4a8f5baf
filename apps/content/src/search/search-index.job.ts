import type { SearchIndexPayload } from '@bindery/contracts';
import { defineJob, type JobDefinition, logger } from '@bindery/platform';
import type { SearchIndexer } from './search-indexer';
import { SearchIndexSchedule } from './search-index-schedule';
import { SEARCH_INDEX_JOB } from '../store/search-index-queue';

/**
 * Indexes a space's main content after it changed (a merge, a template, a duplicate, a new
 * language). Runs at least once; a worker killed mid-run rolls its transaction back and the job is
 * redelivered, so the index catches up after any restart.
 *
 * Each merge queues one job, but a run indexes the space's current revision: so a job whose space
 * began a run less than `SEARCH_INDEX_INTERVAL_MS` ago is deferred to the end of that interval,
 * and of the jobs redelivered together the first run covers the rest (see SearchIndexSchedule).
 */
export function searchIndexJob(deps: { indexer: SearchIndexer; schedule?: SearchIndexSchedule }): JobDefinition<SearchIndexPayload> {
  const schedule = deps.schedule ?? new SearchIndexSchedule();
  return defineJob<SearchIndexPayload>({
    type: SEARCH_INDEX_JOB,
    concurrency: 2,
    ackWaitMs: 60_000,
    maxAttempts: 10,
    backoff: { initialMs: 1_000, maxMs: 60_000 },
    defer: (payload, { jobId }) => schedule.delay(payload.spaceId, jobId),
    // No progress is recorded: a run takes milliseconds, and each record is one more statement per merge.
    async handle(payload, { jobId }) {
      if (await schedule.covered(payload.spaceId, jobId)) {
        logger.debug({ spaceId: payload.spaceId, jobId }, 'search index already covers the job');
        return;
      }
      const done = schedule.begin(payload.spaceId);
      let ok = false;
      try {
        const run = await deps.indexer.run(payload.spaceId);
        ok = true;
        logger.info({ spaceId: payload.spaceId, ...run }, 'search index updated');
      } finally {
        done(ok);
      }
    },
  });
}
