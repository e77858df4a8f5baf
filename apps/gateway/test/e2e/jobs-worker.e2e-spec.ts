import { DEAD_LETTER_PREFIX, JOB_SUBJECT_PREFIX, natsConnectionOptions } from '@bindery/platform';
import {
  enqueueServiceJob,
  jobStatusOf,
  startTestWorker,
  TEST_JOB_ACK_WAIT_MS,
  TEST_JOB_MAX_ATTEMPTS,
  TEST_JOBS,
  testNats,
  waitForJob,
} from '@bindery/testing';
import { connect } from '@nats-io/transport-node';
import { contentDatabase } from './content-helpers';

/** Effect rows the test job wrote for a job: one per completed run. */
async function effectsOf(jobId: string): Promise<number[]> {
  const db = await contentDatabase();
  try {
    const { rows } = await db.query<{ attempt: number }>('SELECT attempt FROM content.test_job_effects WHERE job_id = $1 ORDER BY at', [
      jobId,
    ]);
    return rows.map((r) => r.attempt);
  } finally {
    await db.end();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The worker runner (libs/platform/src/jobs) against the real stack, with the test worker's job types. */
describe('durable job workers', () => {
  it('finishes a job once after its worker is SIGKILLed mid-job and started again', async () => {
    const first = await startTestWorker();
    let second: Awaited<ReturnType<typeof startTestWorker>> | undefined;
    try {
      // Three seconds of work: longer than the 2 s ack wait, so only heartbeats keep it from being redelivered.
      const jobId = await enqueueServiceJob('content', TEST_JOBS.slow, { ms: 3000 });
      const running = await waitForJob('content', jobId, (s) => s.status === 'running' && (s.progress ?? 0) > 0);
      expect(running).toMatchObject({ attempts: 1, progressMessage: expect.stringMatching(/^step \d+ of 30$/) });

      await first.kill();
      expect(await effectsOf(jobId)).toEqual([]);
      second = await startTestWorker();
      // Redelivered once the ack wait of the killed attempt runs out; the second run outlives it too.
      const done = await waitForJob('content', jobId, (s) => s.status === 'succeeded', 20_000);
      expect(done).toMatchObject({ status: 'succeeded', attempts: 2, progress: 1, error: null });
      expect(await effectsOf(jobId)).toEqual([2]);

      // Acknowledged: nothing comes back after another ack wait.
      await sleep(TEST_JOB_ACK_WAIT_MS + 1000);
      expect(await effectsOf(jobId)).toEqual([2]);
      expect((await jobStatusOf('content', jobId))?.attempts).toBe(2);
    } finally {
      await first.kill();
      await second?.stop();
    }
  });

  it('on SIGTERM hands the job in hand back (its handler stops at a checkpoint), and another worker takes it at once', async () => {
    const first = await startTestWorker('content', { WORKER_SHUTDOWN_GRACE_MS: '300' });
    let second: Awaited<ReturnType<typeof startTestWorker>> | undefined;
    try {
      // The handler checks the shutdown signal between steps (a job ignoring it is released when the grace period ends).
      const jobId = await enqueueServiceJob('content', TEST_JOBS.slow, { ms: 1500 });
      await waitForJob('content', jobId, (s) => s.status === 'running');
      await first.stop();
      expect(await jobStatusOf('content', jobId)).toMatchObject({ status: 'queued', attempts: 1 });
      expect(await effectsOf(jobId)).toEqual([]);

      second = await startTestWorker();
      // Handed back (queued, one attempt, no effect, checked above): the next worker runs it.
      await waitForJob('content', jobId, (s) => s.status === 'succeeded', 15_000);
      expect(await effectsOf(jobId)).toEqual([2]);
    } finally {
      await first.kill();
      await second?.stop();
    }
  });

  it('retries a job that always fails with backoff, then marks it failed and dead-letters it', async () => {
    const nc = await connect(natsConnectionOptions(testNats(), 'e2e-dead-letters'));
    const deadLetters: Array<{ data: string; error: string | undefined }> = [];
    nc.subscribe(`${DEAD_LETTER_PREFIX}${JOB_SUBJECT_PREFIX}${TEST_JOBS.failing}`, {
      callback: (_, msg) => void deadLetters.push({ data: msg.string(), error: msg.headers?.get('Bindery-Error') }),
    });
    const worker = await startTestWorker();
    try {
      const jobId = await enqueueServiceJob('content', TEST_JOBS.failing, {});
      const failed = await waitForJob('content', jobId, (s) => s.status === 'failed', 20_000);
      expect(failed).toMatchObject({ attempts: TEST_JOB_MAX_ATTEMPTS, error: 'this job always fails' });
      expect(failed.finishedAt).not.toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(deadLetters.filter((d) => d.data.includes(jobId))).toEqual([
        { data: JSON.stringify({ jobId, payload: {} }), error: 'this job always fails' },
      ]);
    } finally {
      await worker.stop();
      await nc.close();
    }
  });

  it("runs content's hourly purge in the content worker, and an operator's purge queued by hand", async () => {
    // The content service queues the purge of the current hour when it starts; the worker runs it.
    const db = await contentDatabase();
    let hourly: string[];
    try {
      const { rows } = await db.query<{ id: string }>(
        `SELECT id FROM content.jobs WHERE type = 'content.purge' AND id LIKE 'content.purge:%'`,
      );
      hourly = rows.map((r) => r.id);
    } finally {
      await db.end();
    }
    expect(hourly.length).toBeGreaterThanOrEqual(1);
    for (const id of hourly) expect(id).toMatch(/^content\.purge:\d{4}-\d{2}-\d{2}T\d{2}$/);
    await waitForJob('content', hourly[0], (s) => s.status === 'succeeded');
    const jobId = await enqueueServiceJob('content', 'content.purge', { collect: true });
    const done = await waitForJob('content', jobId, (s) => s.status !== 'queued' && s.status !== 'running', 20_000);
    expect(done).toMatchObject({ status: 'succeeded', attempts: 1, type: 'content.purge' });
    // The same id again is not queued twice.
    expect(await enqueueServiceJob('content', 'content.purge', { collect: true }, jobId)).toBe(jobId);
    expect(await jobStatusOf('content', jobId)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });
});
