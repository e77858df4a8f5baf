/**
 * DDL of the jobs table; a service that runs workers creates it in a migration (like the outbox).
 * As the first migrations ran it: its second index is dropped since (`JOBS_UNUSED_INDEX_SQL`).
 */
export const JOBS_TABLE_SQL = [
  `CREATE TABLE jobs (
  id text PRIMARY KEY,
  type text NOT NULL,
  payload jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  progress real,
  progress_message text,
  error text,
  worker text,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  started_at timestamptz(3),
  heartbeat_at timestamptz(3),
  finished_at timestamptz(3)
)`,
  'CREATE INDEX jobs_type_created_at ON jobs (type, created_at)',
];

/**
 * The jobs table's (type, created_at) index, which no statement reads (jobs are read and written
 * by id; old ones pruned by status and finish time): each service that has the table drops it in
 * a migration (`drop`; `create` to undo). Besides its own writes, it kept a job queued again after
 * it finished (`COALESCED_JOB_SQL` sets `created_at`) from being a HOT update: counted on 1,500
 * coalesced runs of 50 jobs (queued again, started, succeeded), 38 % of the row updates wrote
 * entries in both indexes with it, none without.
 */
export const JOBS_UNUSED_INDEX_SQL = {
  drop: 'DROP INDEX IF EXISTS jobs_type_created_at',
  create: 'CREATE INDEX IF NOT EXISTS jobs_type_created_at ON jobs (type, created_at)',
};

export type JobState = 'queued' | 'running' | 'succeeded' | 'failed';

/** What an API reports about a job. */
export interface JobStatus {
  id: string;
  type: string;
  status: JobState;
  /** Deliveries so far (a release at shutdown counts as one). */
  attempts: number;
  /** 0..1 when the handler reports it. */
  progress: number | null;
  progressMessage: string | null;
  /** The last failure's message (kept while a retry is queued). */
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  /** Last sign of life of a running job. */
  heartbeatAt: string | null;
  finishedAt: string | null;
}

/** Anything that runs SQL: a TypeORM DataSource or EntityManager, a pg Client or Pool wrapper. */
export interface Queryable {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query(sql: string, parameters?: any[]): Promise<any>;
}

/** The runner's view of the table (an interface so its logic is testable without a database). */
export interface JobRecorder {
  /** Marks the job running; false when it already succeeded (a redelivery after a crash before the ack). */
  start(job: { id: string; type: string; payload: unknown }, attempt: number, worker: string): Promise<boolean>;
  progress(id: string, fraction: number | null, message: string | null): Promise<void>;
  heartbeat(id: string): Promise<void>;
  /**
   * Marks the job succeeded if this run (`worker`, as `start` recorded it) still holds it; false
   * when the row was queued again meanwhile (a coalesced job asked for again while it ran) or taken
   * by another delivery: the runner then queues a new message, whose run sees what came after.
   */
  succeed(id: string, worker: string): Promise<boolean>;
  /** Back in the queue: after a failure that will be retried (`error`), or released at shutdown. */
  requeue(id: string, error: string | null): Promise<void>;
  /** Marks the job failed; false (left queued) when it was queued again while it ran, as `succeed`. */
  fail(id: string, error: string): Promise<boolean>;
}

/** Job status rows in the service's own schema: written by the runner, read by the API. */
export class JobStore implements JobRecorder {
  constructor(private readonly db: Queryable) {}

  async start(job: { id: string; type: string; payload: unknown }, attempt: number, worker: string): Promise<boolean> {
    // A row exists when the job was enqueued through `enqueueJob`; one published some other way gets one now.
    const rows = (await this.db.query(
      `INSERT INTO jobs (id, type, payload, status, attempts, worker, started_at, heartbeat_at)
       VALUES ($1, $2, $3, 'running', $4, $5, now(), now())
       ON CONFLICT (id) DO UPDATE SET status = 'running', attempts = EXCLUDED.attempts, worker = EXCLUDED.worker,
         started_at = now(), heartbeat_at = now(), finished_at = NULL
       WHERE jobs.status <> 'succeeded'
       RETURNING id`,
      [job.id, job.type, JSON.stringify(job.payload ?? null), attempt, worker],
    )) as unknown[];
    return rows.length > 0;
  }

  async progress(id: string, fraction: number | null, message: string | null): Promise<void> {
    await this.db.query(
      `UPDATE jobs SET progress = COALESCE($2, progress), progress_message = COALESCE($3, progress_message), heartbeat_at = now()
       WHERE id = $1 AND status = 'running'`,
      [id, fraction, message],
    );
  }

  async heartbeat(id: string): Promise<void> {
    await this.db.query(`UPDATE jobs SET heartbeat_at = now() WHERE id = $1 AND status = 'running'`, [id]);
  }

  async succeed(id: string, worker: string): Promise<boolean> {
    // (A statement whose command is SELECT: a TypeORM DataSource answers an UPDATE's rows in another shape.)
    // Waits on the row lock of a transaction queuing the job again, then sees its row (not the
    // statement's snapshot), so a success is never recorded over a request that came after the run began.
    const rows = (await this.db.query(
      `WITH done AS (
         UPDATE jobs SET status = 'succeeded', error = NULL, progress = 1, finished_at = now()
         WHERE id = $1 AND status = 'running' AND worker = $2 RETURNING id
       ) SELECT id FROM done`,
      [id, worker],
    )) as unknown[];
    return rows.length > 0;
  }

  async requeue(id: string, error: string | null): Promise<void> {
    await this.db.query(
      `UPDATE jobs SET status = 'queued', error = COALESCE($2, error), worker = NULL WHERE id = $1 AND status = 'running'`,
      [id, error],
    );
  }

  async fail(id: string, error: string): Promise<boolean> {
    const rows = (await this.db.query(
      `WITH done AS (
         UPDATE jobs SET status = 'failed', error = $2, finished_at = now() WHERE id = $1 AND status <> 'queued' RETURNING id
       ) SELECT id FROM done`,
      [id, error],
    )) as unknown[];
    return rows.length > 0;
  }

  /** A job's status; null when unknown (or pruned). */
  async get(id: string): Promise<JobStatus | null> {
    const rows = (await this.db.query('SELECT * FROM jobs WHERE id = $1', [id])) as JobRow[];
    return rows.length > 0 ? toStatus(rows[0]) : null;
  }

  /** Deletes finished jobs older than the cutoff (status rows are for recent history, not an archive). */
  async pruneFinished(before: Date): Promise<void> {
    await this.db.query(`DELETE FROM jobs WHERE status IN ('succeeded', 'failed') AND finished_at < $1`, [before]);
  }
}

/** For a worker without a database: nothing recorded, nothing skipped. */
export const NO_JOB_RECORDS: JobRecorder = {
  start: () => Promise.resolve(true),
  progress: () => Promise.resolve(),
  heartbeat: () => Promise.resolve(),
  succeed: () => Promise.resolve(true),
  requeue: () => Promise.resolve(),
  fail: () => Promise.resolve(true),
};

interface JobRow {
  id: string;
  type: string;
  status: JobState;
  attempts: number;
  progress: number | null;
  progress_message: string | null;
  error: string | null;
  created_at: Date;
  started_at: Date | null;
  heartbeat_at: Date | null;
  finished_at: Date | null;
}

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

function toStatus(row: JobRow): JobStatus {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    attempts: row.attempts,
    progress: row.progress,
    progressMessage: row.progress_message,
    error: row.error,
    createdAt: row.created_at.toISOString(),
    startedAt: iso(row.started_at),
    heartbeatAt: iso(row.heartbeat_at),
    finishedAt: iso(row.finished_at),
  };
}
