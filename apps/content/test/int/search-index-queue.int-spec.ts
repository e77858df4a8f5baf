import { JobStore, newId, WriteBatch } from '@bindery/platform';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueSearchIndex, SEARCH_INDEX_JOB, searchIndexJob } from '../../src/store/search-index-queue';
import { scratchContentDataSource } from './scratch-content';

// A space's search index job is queued coalesced: one pending job per space, one message per run.
// What must hold whatever the interleaving: a merge committed after a run began gets a run that
// begins after it (here: a run records its success only if nothing queued the job meanwhile).
let ds: DataSource;
let jobs: JobStore;

beforeAll(async () => {
  ds = await scratchContentDataSource('jobs', 3);
  jobs = new JobStore(ds);
});

afterAll(async () => {
  if (ds?.isInitialized) await ds.destroy();
});

/** The job's messages waiting in the outbox (each one a JetStream message once relayed), in no particular order (ids are random). */
async function messages(jobId: string): Promise<string[]> {
  const rows: Array<{ id: string }> = await ds.query(`SELECT id FROM outbox WHERE payload->>'jobId' = $1 ORDER BY id`, [jobId]);
  return rows.map((r) => r.id);
}

const status = async (jobId: string) => (await jobs.get(jobId))?.status;

/** A merge's write: the job queued in a write batch, as `MergeService.writeMerge` does. */
async function mergeQueues(spaceId: string): Promise<void> {
  const job = searchIndexJob({ id: spaceId });
  const batch = new WriteBatch();
  batch.coalescedJob(job.type, job.payload, { jobId: job.jobId });
  await ds.transaction((manager) => batch.run(manager));
}

const start = (jobId: string, worker: string) => jobs.start({ id: jobId, type: SEARCH_INDEX_JOB, payload: {} }, 1, worker);

describe('the coalesced search index job', () => {
  it('is queued once, with one message, however many merges land before it runs', async () => {
    const space = newId();
    const { jobId } = searchIndexJob({ id: space });
    await mergeQueues(space);
    await mergeQueues(space);
    await ds.transaction((manager) => enqueueSearchIndex(manager, { id: space }));
    expect(await status(jobId)).toBe('queued');
    expect(await messages(jobId)).toHaveLength(1);
  });

  it('records the success of a run that nothing queued again, and is queued afresh (a new message) after it', async () => {
    const space = newId();
    const { jobId } = searchIndexJob({ id: space });
    await mergeQueues(space);
    expect(await start(jobId, 'w#1')).toBe(true);
    expect(await jobs.succeed(jobId, 'w#1')).toBe(true);
    expect(await status(jobId)).toBe('succeeded');
    const [first] = await messages(jobId);
    await mergeQueues(space);
    expect(await status(jobId)).toBe('queued');
    // Its own message id: JetStream would drop a second message with the first one's id as a duplicate.
    const after = await messages(jobId);
    expect(after).toHaveLength(2);
    expect(after).toContain(first);
  });

  it('does not record the success of a run during which a merge queued it again (no message: the runner sends one)', async () => {
    const space = newId();
    const { jobId } = searchIndexJob({ id: space });
    await mergeQueues(space);
    await start(jobId, 'w#1');
    await mergeQueues(space);
    expect(await status(jobId)).toBe('queued');
    expect(await messages(jobId)).toHaveLength(1);
    expect(await jobs.succeed(jobId, 'w#1')).toBe(false);
    expect(await jobs.fail(jobId, 'boom')).toBe(false);
    expect(await status(jobId)).toBe('queued');
  });

  it('does not record the success of a run whose job another delivery started since', async () => {
    const space = newId();
    const { jobId } = searchIndexJob({ id: space });
    await mergeQueues(space);
    await start(jobId, 'w#1');
    await start(jobId, 'w#2');
    expect(await jobs.succeed(jobId, 'w#1')).toBe(false);
    expect(await jobs.succeed(jobId, 'w#2')).toBe(true);
  });

  it('decides on the row a merge still holds once it commits, not on what the run could see before', async () => {
    const space = newId();
    const { jobId } = searchIndexJob({ id: space });
    await mergeQueues(space);
    await start(jobId, 'w#1');
    const runner = ds.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      const job = searchIndexJob({ id: space });
      const batch = new WriteBatch();
      batch.coalescedJob(job.type, job.payload, { jobId });
      await batch.run(runner.manager);
      // The run ends while the merge is not committed: its success waits on the merge's row lock…
      const succeeded = jobs.succeed(jobId, 'w#1');
      await waitUntilBlocked();
      await runner.commitTransaction();
      // … then sees the job queued again.
      expect(await succeeded).toBe(false);
    } finally {
      await runner.release();
    }
  });
});

/** Until a backend of this database waits on a row lock. */
async function waitUntilBlocked(): Promise<void> {
  for (;;) {
    const rows: Array<{ n: number }> = await ds.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (rows[0].n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
