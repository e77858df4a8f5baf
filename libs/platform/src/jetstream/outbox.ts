import { Client } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import { logger } from '../logging/logger';
import { newId } from '../ids/new-id';
import type { JetStreamBus } from './jetstream-bus';
import { JOB_SUBJECT_PREFIX } from './streams';

/**
 * Postgres NOTIFY channel that wakes the relay as soon as an outbox row commits: one per schema.
 * Channels are database-wide, and every service shares the database, so one shared channel woke
 * every service's relay for every other service's write (six empty outbox transactions for each
 * of content's commits under load).
 */
export const outboxChannel = (schema: string): string => `bindery_outbox_${schema}`;

/** Rows one relay transaction publishes. */
const OUTBOX_BATCH = 100;

/** The one channel every service shared before per-schema channels. */
const LEGACY_OUTBOX_CHANNEL = 'bindery_outbox';

/** The wake-up of the writing service's own relay, in SQL: its schema is the session's first. */
export const OUTBOX_NOTIFY_SQL = `pg_notify('bindery_outbox_' || current_schema(), '')`;

/** DDL of the outbox table; every service that publishes events creates it in its first migration. */
export const OUTBOX_TABLE_SQL = `CREATE TABLE outbox (
  id text PRIMARY KEY,
  type text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
)`;

/**
 * Records an event in the same transaction as the change it describes, so an event is published
 * if and only if the change committed (transactional outbox).
 */
export async function addToOutbox(manager: EntityManager, type: string, payload: unknown): Promise<void> {
  // One statement, one round trip: the notification is delivered to the relay only if and when
  // this transaction commits (and once per transaction, however many rows it adds).
  await manager.query(
    `WITH added AS (INSERT INTO outbox (id, type, payload) VALUES ($1, $2, $3) RETURNING id)
     SELECT ${OUTBOX_NOTIFY_SQL} FROM added`,
    [newId(), type, JSON.stringify(payload)],
  );
}

/**
 * Moves outbox rows to JetStream (events, and jobs queued with `enqueueJob`). A row is deleted only
 * after it was published; the row id is the JetStream message id, so a crash between publish and
 * delete, or two replicas relaying the same row, never duplicates (within JetStream's duplicate window).
 */
export class OutboxRelay {
  private timer?: NodeJS.Timeout;
  private listener?: Client;
  private listening = false;
  /** `<schema>.outbox`, quoted: the listener's session does not have the service's search_path. */
  private table?: string;
  private draining = false;
  private again = false;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: JetStreamBus,
    private readonly databaseUrl: string,
    /** How often to look for rows while the LISTEN connection is lost (notifications cannot arrive). */
    private readonly pollMs = 2000,
    /**
     * How often to look while listening: only a safety net (a notification sent while the
     * listener was busy reconnecting its socket), so rare: an idle stack must not wake to find nothing.
     */
    private readonly listeningPollMs = 30_000,
  ) {}

  async start(): Promise<void> {
    this.listener = new Client({ connectionString: this.databaseUrl });
    this.listener.on('notification', () => void this.flush());
    this.listener.on('error', (error) => {
      logger.warn({ err: error }, 'outbox listener connection lost; polling only');
      this.listening = false;
      this.pollEvery(this.pollMs);
    });
    // The schema as the service's sessions resolve it (`search_path`), as `OUTBOX_NOTIFY_SQL` does.
    const [{ schema }]: Array<{ schema: string }> = await this.dataSource.query('SELECT current_schema() AS schema');
    await this.listener.connect();
    this.table = `${this.listener.escapeIdentifier(schema)}.outbox`;
    await this.listener.query(`LISTEN ${this.listener.escapeIdentifier(outboxChannel(schema))}`);
    // The shared channel of earlier releases, only while a rolling upgrade still runs their writers
    // (otherwise their commits would wait for the 30 s poll); nothing sends on it afterwards.
    await this.listener.query(`LISTEN ${LEGACY_OUTBOX_CHANNEL}`);
    this.listening = true;
    this.pollEvery(this.listeningPollMs);
    await this.flush();
  }

  private pollEvery(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearInterval(this.timer);
    this.timer = setInterval(() => void this.poll(), ms);
  }

  /**
   * While listening, the poll first asks the listener's own session whether any row waits: an
   * idle stack then runs one small query on a connection it holds, rather than taking a pool
   * connection (which the pool closed as idle: a new session and its SCRAM handshake each time)
   * for a transaction that finds nothing.
   */
  private async poll(): Promise<void> {
    if (this.listening && this.listener && this.table) {
      try {
        const { rows } = await this.listener.query<{ pending: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${this.table}) AS pending`);
        if (!rows[0]?.pending) return;
      } catch (error) {
        logger.warn({ err: error }, 'outbox check on the listener failed; flushing');
      }
    }
    await this.flush();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.listener?.end().catch(() => undefined);
  }

  /** Committed rows not yet relayed (the metrics' outbox backlog). */
  async backlog(): Promise<number> {
    const [row] = await this.dataSource.query<Array<{ n: number }>>('SELECT count(*)::int AS n FROM outbox');
    return row?.n ?? 0;
  }

  /** Publishes what is pending now; call it right after a commit to skip the polling delay. */
  async flush(): Promise<void> {
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = true;
    try {
      do {
        this.again = false;
        // A short batch was everything committed when it was read: no second, empty transaction
        // to find that out. A row committed since sends its own notification, which sets `again`.
        while ((await this.publishBatch()) === OUTBOX_BATCH);
      } while (this.again);
    } catch (error) {
      logger.warn({ err: error }, 'outbox relay failed; will retry');
    } finally {
      this.draining = false;
    }
  }

  /**
   * One batch in two statements and no transaction (a transaction of three — begin, delete
   * returning, commit — before): the oldest rows are read, published in the order they were
   * written, and only the rows published are deleted. A failed publish keeps that row and the ones
   * after it for the next flush; a crash before the delete leaves them all. Either way they are
   * published again with the same message id, a duplicate JetStream drops, as it drops the rows two
   * replicas both read (their relays no longer lock the rows: they may publish the same row, never
   * lose one).
   */
  private async publishBatch(): Promise<number> {
    const rows: Array<{ id: string; type: string; payload: unknown }> = await this.dataSource.query(
      'SELECT id, type, payload FROM outbox ORDER BY created_at, id LIMIT $1',
      [OUTBOX_BATCH],
    );
    const published: string[] = [];
    try {
      for (const row of rows) {
        // Jobs queued by `enqueueJob` carry their subject prefix; everything else is an event.
        if (row.type.startsWith(JOB_SUBJECT_PREFIX))
          await this.bus.enqueueJob(row.type.slice(JOB_SUBJECT_PREFIX.length), row.payload, row.id);
        else await this.bus.publishEvent(row.type, row.payload, row.id);
        published.push(row.id);
      }
    } finally {
      if (published.length > 0) await this.dataSource.query('DELETE FROM outbox WHERE id = ANY($1)', [published]);
    }
    return rows.length;
  }
}
