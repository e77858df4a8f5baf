import { defineJob, runWorker, runWorkerMain, WorkerEnv, loadConfig, ServiceEnv } from '@bindery/platform';
import { Pool } from 'pg';

/**
 * `node libs/testing/dist/test-worker.js`: a worker with job types that exist only for the
 * end-to-end tests of the job runner, run against a service's schema (its DATABASE_URL). Not part
 * of any app: production workers never carry test jobs.
 */
export const TEST_JOBS = {
  /** Works `ms` milliseconds (reporting progress), then records one effect row. */
  slow: 'content.test-slow-effect',
  /** Fails on every attempt. */
  failing: 'content.test-always-fails',
} as const;

/** Short ack wait, so that a crashed worker's job comes back within seconds (heartbeats keep a live one). */
export const TEST_JOB_ACK_WAIT_MS = 2000;
export const TEST_JOB_MAX_ATTEMPTS = 3;

if (require.main === module) {
  runWorkerMain(async () => {
    const env = loadConfig(ServiceEnv);
    const settings = loadConfig(WorkerEnv);
    const schema = process.env.BINDERY_TEST_SCHEMA ?? 'content';
    const pool = new Pool({ connectionString: env.DATABASE_URL, max: 4, options: `-c search_path=${schema}` });
    const db = { query: async (sql: string, parameters?: unknown[]) => (await pool.query(sql, parameters)).rows as unknown[] };
    await db.query(
      'CREATE TABLE IF NOT EXISTS test_job_effects (job_id text NOT NULL, attempt integer NOT NULL, at timestamptz NOT NULL DEFAULT now())',
    );

    const slow = defineJob<{ ms: number }>({
      type: TEST_JOBS.slow,
      ackWaitMs: TEST_JOB_ACK_WAIT_MS,
      maxAttempts: TEST_JOB_MAX_ATTEMPTS,
      backoff: { initialMs: 100 },
      async handle(payload, ctx) {
        const steps = Math.max(1, Math.round(payload.ms / 100));
        for (let step = 0; step < steps; step++) {
          if (ctx.signal.aborted) throw new Error('stopping at a checkpoint');
          await new Promise((resolve) => setTimeout(resolve, 100));
          if (step % 5 === 0) await ctx.progress(step / steps, `step ${step} of ${steps}`);
        }
        await db.query('INSERT INTO test_job_effects (job_id, attempt) VALUES ($1, $2)', [ctx.jobId, ctx.attempt]);
      },
    });
    const failing = defineJob<Record<string, never>>({
      type: TEST_JOBS.failing,
      maxAttempts: TEST_JOB_MAX_ATTEMPTS,
      backoff: { initialMs: 100 },
      handle: () => Promise.reject(new Error('this job always fails')),
    });

    const worker = await runWorker({
      name: 'test-worker',
      nats: env,
      database: db,
      jobs: [slow, failing],
      shutdownGraceMs: settings.WORKER_SHUTDOWN_GRACE_MS,
    });
    return { worker, close: () => pool.end() };
  });
}
