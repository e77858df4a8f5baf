import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createServiceDataSource, enqueueJob, type JobStatus, JobStore } from '@bindery/platform';
import { ALL_APPS, type AppSpec, repoRoot, startProcess, stopPid } from '@bindery/stack';
import { controlTestStack } from './test-stack';
import { TEST_JOBS } from './test-worker';

/** A worker process started by a test (not by the stack), to be stopped or killed by it. */
export interface TestWorker {
  pid: number;
  /** SIGKILL, as a crash or an OOM kill: no chance to release the job in hand. */
  kill(): Promise<void>;
  /** SIGTERM, and waits until the process has exited (or SIGKILLs it after `graceMs`). */
  stop(graceMs?: number): Promise<void>;
}

const TEST_WORKER = join(repoRoot(), 'libs', 'testing', 'dist', 'test-worker.js');

function appOf(name: string): AppSpec {
  const app = ALL_APPS.find((a) => a.name === name);
  if (!app?.schema) throw new Error(`no app with a schema named ${name}`);
  return app;
}

/**
 * Starts `test-worker.js` (job types of `TEST_JOBS`) against a service's schema in the test stack,
 * logging to `<data dir>/logs/test-worker.log`.
 */
export async function startTestWorker(service = 'content', env: Record<string, string> = {}): Promise<TestWorker> {
  const stack = await controlTestStack();
  const logFile = stack.logFile('test-worker');
  const logged = existsSync(logFile) ? statSync(logFile).size : 0;
  const child = startProcess(process.execPath, [TEST_WORKER], logFile, {
    ...stack.envFor(appOf(service)),
    // Test job types belong to no service's permissions: the test worker connects as the operator.
    ...stack.natsSettings(),
    BINDERY_SERVICE: 'test-worker',
    BINDERY_TEST_SCHEMA: appOf(service).schema!,
    // Its own metrics port (any free one): the stack's worker of this service holds the configured one.
    METRICS_PORT: '0',
    ...env,
  });
  const pid = child.pid!;
  // Ready once it consumes every test job type; a failed start fails the test at once, with its reason.
  const deadline = Date.now() + 15_000;
  for (;;) {
    const lines = readFileSync(logFile, 'utf8').slice(logged);
    if ((lines.match(/worker consuming jobs/g) ?? []).length >= Object.keys(TEST_JOBS).length) break;
    if (/failed to start|Invalid environment/.test(lines) || Date.now() > deadline) {
      await stopPid(pid, TEST_WORKER, 0);
      throw new Error(`the test worker did not start:\n${lines.slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    pid,
    kill: () => stopPid(pid, TEST_WORKER, 0),
    stop: (graceMs = 30_000) => stopPid(pid, TEST_WORKER, graceMs),
  };
}

/** Runs `use` with a TypeORM connection to a service's schema in the test stack. */
async function withServiceDatabase<T>(service: string, use: (db: ReturnType<typeof createServiceDataSource>) => Promise<T>): Promise<T> {
  const stack = await controlTestStack();
  const db = createServiceDataSource({
    url: stack.envFor(appOf(service)).DATABASE_URL!,
    schema: appOf(service).schema!,
    entities: [],
    migrations: [],
  });
  await db.initialize();
  try {
    return await use(db);
  } finally {
    await db.destroy();
  }
}

/** Queues a job as a service would (status row + outbox, published by the service's relay), e.g. an operator's purge. */
export function enqueueServiceJob(service: string, type: string, payload: unknown, jobId?: string): Promise<string> {
  return withServiceDatabase(service, (db) => enqueueJob(db.manager, type, payload, { jobId }));
}

/** A job's status row, as the service's API would report it. */
export function jobStatusOf(service: string, jobId: string): Promise<JobStatus | null> {
  return withServiceDatabase(service, (db) => new JobStore(db).get(jobId));
}

/** Polls a job's status until `until` accepts it; throws with the last status after the timeout. */
export async function waitForJob(
  service: string,
  jobId: string,
  until: (status: JobStatus) => boolean,
  timeoutMs = 20_000,
): Promise<JobStatus> {
  const deadline = Date.now() + timeoutMs;
  let last: JobStatus | null = null;
  while (Date.now() < deadline) {
    last = await jobStatusOf(service, jobId);
    if (last && until(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${jobId} did not reach the expected status in ${timeoutMs} ms; last: ${JSON.stringify(last)}`);
}
