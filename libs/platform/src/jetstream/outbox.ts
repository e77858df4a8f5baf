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

/**
 * Announced rows held in memory, at most: past it they are dropped and the table is read instead
 * (it holds them all). A drain behind a busy writer otherwise kept every commit's rows it received
 * meanwhile, payloads included, until it caught up.
 */
const MAX_ANNOUNCED_ROWS = 1000;

/**
 * Age (seconds) from which the safety poll takes a row for one whose notification was missed.
 * Younger rows are in flight: under load a relay keeps its last moments' commits in the table while
 * their acks come, and a poll that counted those drained the table for nothing.
 */
const MISSED_AFTER_SECONDS = 5;

/**
 * How long ids published from announcements wait to be deleted together (or until a batch's worth
 * wait). Under load each commit's announcement was published alone, so the relay ran a DELETE per
 * commit: one statement per write request, beside the request's own. Deleting later delays no
 * event (publishing does not wait for it), and a row kept meanwhile is never published twice by
 * this relay: a drain deletes them before it reads, and the safety poll ignores rows this young.
 */
const DELETE_AFTER_MS = 100;

/** The one channel every service shared before per-schema channels. */
const LEGACY_OUTBOX_CHANNEL = 'bindery_outbox';

/** The wake-up of the writing service's own relay, in SQL: its schema is the session's first. */
export const OUTBOX_NOTIFY_SQL = `pg_notify('bindery_outbox_' || current_schema(), '')`;

/** Postgres refuses a notification payload of 8000 bytes or more. */
const MAX_ANNOUNCED_BYTES = 8000;

/**
 * The relay's wake-up carrying the outbox rows the statement wrote (`rows`: a FROM item with `id`,
 * `type` and `payload` columns, one row at least), so the relay publishes them from the notification
 * instead of reading them back: a notification is delivered if and only if its transaction commits,
 * and in commit order. Rows too big for one notification send the plain wake-up (the relay reads them).
 */
export const outboxAnnounceSql = (rows: string): string =>
  `pg_notify('bindery_outbox_' || current_schema(), (SELECT CASE WHEN octet_length(a) < ${MAX_ANNOUNCED_BYTES} THEN a ELSE '' END ` +
  `FROM (SELECT json_agg(json_build_object('id', r.id, 'type', r.type, 'payload', r.payload) ORDER BY r.id)::text AS a FROM ${rows} r) j))`;

/** An outbox row as the relay publishes it. */
interface OutboxRow {
  id: string;
  type: string;
  payload: unknown;
}

/** The rows a notification announces, or undefined when it announces none (a plain wake-up). */
export function announcedRows(payload: string | undefined): OutboxRow[] | undefined {
  if (!payload) return undefined;
  try {
    const rows: unknown = JSON.parse(payload);
    if (!Array.isArray(rows) || rows.length === 0) return undefined;
    const valid = rows.every(
      (row: Partial<OutboxRow> | null) => typeof row?.id === 'string' && typeof row.type === 'string' && 'payload' in row,
    );
    return valid ? (rows as OutboxRow[]) : undefined;
  } catch {
    return undefined;
  }
}

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
  // One statement, one round trip: the notification (carrying the row) is delivered to the relay
  // only if and when this transaction commits.
  await manager.query(
    `WITH added AS (INSERT INTO outbox (id, type, payload) VALUES ($1, $2, $3) RETURNING id, type, payload)
     SELECT ${outboxAnnounceSql('added')}`,
    [newId(), type, JSON.stringify(payload)],
  );
}

/**
 * Moves outbox rows to JetStream (events, and jobs queued with `enqueueJob`). A row is deleted only
 * after it was published; the row id is the JetStream message id, so a crash between publish and
 * delete, or two replicas relaying the same row, never duplicates (within JetStream's duplicate window).
 *
 * Two ways to find the rows, one order: a notification that carries its transaction's rows
 * (`outboxAnnounceSql`) is published as it arrives, without reading the table (notifications arrive
 * in commit order, after the commit); the table is read (`drain`) when rows may exist that no
 * announcement carried — at start (a crash's leftovers), after a failed publish or delete, after a
 * plain wake-up (a writer that does not announce, rows too big to announce), on the safety poll. A
 * drain covers every announcement that arrived before it began (their rows committed before its
 * read), so those are dropped; announcements wait while a drain is due, so none overtakes an older row.
 * Announcements that arrive during a drain and whose rows the drain published are dropped too.
 *
 * Rows are published pipelined (`publishInOrder`): all sent in order, then their acks awaited, so a
 * batch costs one round trip rather than one per row (a relay publishing one row per round trip fell
 * behind its writers under load, and read its growing backlog back, 100 rows at a time).
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
  /** Rows may exist that no pending announcement carries: read the table before publishing any announcement. */
  private drainDue = true;
  /** Announced rows not yet published, one entry per notification, in commit order. */
  private readonly announced: OutboxRow[][] = [];
  /** The number of rows in `announced`. */
  private heldRows = 0;
  /** Ids published from announcements, deleted together (one statement per `deleteAfterMs`, or per batch). */
  private readonly published: string[] = [];
  /** Set while published ids wait for their delete. */
  private deleteTimer?: NodeJS.Timeout;
  private deleteDue = false;
  /**
   * Ids the current drain published: an announcement received during the drain whose rows a later
   * read of the same drain published is not published again (a duplicate JetStream would drop, but
   * only after the round trip). Cleared once the announcements received meanwhile are published.
   */
  private readonly drained = new Set<string>();

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
    /** How long published ids wait to be deleted together (`DELETE_AFTER_MS`); 0: after each round. */
    private readonly deleteAfterMs = DELETE_AFTER_MS,
  ) {}

  async start(): Promise<void> {
    this.listener = new Client({ connectionString: this.databaseUrl });
    this.listener.on('notification', (message) => void this.notified(message.payload));
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

  /** A committed outbox write: its rows when the notification carries them, else a drain. */
  notified(payload: string | undefined): Promise<void> {
    const rows = announcedRows(payload);
    if (rows && this.heldRows + rows.length <= MAX_ANNOUNCED_ROWS) {
      this.announced.push(rows);
      this.heldRows += rows.length;
    } else {
      // A plain wake-up, or too many rows waiting: the table has them all (and those held, in order).
      this.dropAnnounced();
      this.drainDue = true;
    }
    return this.flush();
  }

  private dropAnnounced(): void {
    this.announced.length = 0;
    this.heldRows = 0;
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
   * for a transaction that finds nothing. Only rows older than `MISSED_AFTER_SECONDS` count.
   */
  private async poll(): Promise<void> {
    if (this.listening && this.listener && this.table) {
      try {
        const { rows } = await this.listener.query<{ pending: boolean }>(
          `SELECT EXISTS (SELECT 1 FROM ${this.table} WHERE created_at < now() - make_interval(secs => $1)) AS pending`,
          [MISSED_AFTER_SECONDS],
        );
        if (!rows[0]?.pending) return;
      } catch (error) {
        logger.warn({ err: error }, 'outbox check on the listener failed; flushing');
      }
    }
    this.drainDue = true;
    await this.flush();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.deleteTimer) clearTimeout(this.deleteTimer);
    // Best effort: rows left are published again at the next start, a duplicate JetStream drops.
    if (!this.draining) await this.deletePublished().catch(() => undefined);
    await this.listener?.end().catch(() => undefined);
  }

  /** Committed rows not yet relayed (the metrics' outbox backlog). */
  async backlog(): Promise<number> {
    const [row] = await this.dataSource.query<Array<{ n: number }>>('SELECT count(*)::int AS n FROM outbox');
    return row?.n ?? 0;
  }

  /** Publishes what is pending now (reading the table first if it may hold rows not announced). */
  async flush(): Promise<void> {
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = true;
    try {
      do {
        this.again = false;
        if (this.drainDue) await this.drain();
        await this.publishAnnounced();
        this.drained.clear();
        // Announcements arriving meanwhile (they set `again`) are published in the next round and
        // deleted together with this one's: one delete per interval, however many commits it saw.
        if (this.deleteDue || this.published.length >= OUTBOX_BATCH || this.deleteAfterMs === 0) await this.deletePublished();
        else this.deleteLater();
      } while (this.again);
    } catch (error) {
      // What was not published stays in the table, in order: read it before any later announcement.
      this.drainDue = true;
      this.drained.clear();
      logger.warn({ err: error }, 'outbox relay failed; will retry');
    } finally {
      this.draining = false;
    }
  }

  /** Reads and publishes the table's rows, oldest first, until a short batch. */
  private async drain(): Promise<void> {
    this.drainDue = false;
    // Rows already published are deleted first, or the read would answer (and publish) them again.
    await this.deletePublished();
    // Every announcement received so far committed before the first read below: the read has its rows.
    this.dropAnnounced();
    // A short batch was everything committed when it was read: no second, empty read to find that
    // out. A row committed since sends its own notification.
    while ((await this.publishBatch()) === OUTBOX_BATCH);
  }

  /**
   * Publishes the announced rows in commit order, all of them pipelined, leaving out those the drain
   * just published (a transaction's rows commit together: a read saw all of an announcement or none).
   * A failure keeps the rows from the failed one on in the table (a drain is then due: they are read
   * back, in order, before any later announcement).
   */
  private async publishAnnounced(): Promise<void> {
    // Commits announced while a batch's acks are awaited form the next batch, deleted with this one.
    while (this.announced.length > 0 && !this.drainDue) {
      const rows = this.announced.splice(0).flatMap((commit) => commit.filter((row) => !this.drained.has(row.id)));
      this.heldRows = 0;
      const { published, error } = await this.publishInOrder(rows);
      this.published.push(...published);
      if (error) throw error;
    }
  }

  /** Deletes the published ids in `deleteAfterMs`, through `flush` (so never beside a drain's read). */
  private deleteLater(): void {
    if (this.published.length === 0 || this.deleteTimer || this.stopped) return;
    this.deleteTimer = setTimeout(() => {
      this.deleteTimer = undefined;
      this.deleteDue = true;
      void this.flush();
    }, this.deleteAfterMs);
  }

  private async deletePublished(): Promise<void> {
    this.deleteDue = false;
    if (this.published.length === 0) return;
    const ids = this.published.splice(0);
    // The array as `(SELECT $1)`: a generic plan Postgres keeps; `= ANY($1)` was planned on every call.
    await this.dataSource.query('DELETE FROM outbox WHERE id = ANY((SELECT $1::text[])::text[])', [ids]);
  }

  /**
   * Publishes rows in their order without waiting for each ack, then waits for the acks: the
   * messages leave on the bus's one connection in call order, and the server stores one
   * connection's messages in the order they arrive, so the streams get them in this order. The ids
   * published are the rows before the first failure: that row and every later one stay in the
   * table, even those whose ack came (a later read publishes them again with the same message id,
   * which JetStream drops within its duplicate window). A failure for a cause shared by the rows
   * (connection lost, ack timeout, stream unavailable) fails the later ones too; one row refused
   * alone is refused again on every retry and holds the rows after it, as a sequential relay did.
   */
  private async publishInOrder(rows: OutboxRow[]): Promise<{ published: string[]; error?: Error }> {
    const acks = await Promise.allSettled(rows.map((row) => this.publish(row)));
    const failed = acks.findIndex((ack) => ack.status === 'rejected');
    if (failed < 0) return { published: rows.map((row) => row.id) };
    const reason: unknown = (acks[failed] as PromiseRejectedResult).reason;
    return { published: rows.slice(0, failed).map((row) => row.id), error: reason instanceof Error ? reason : new Error(String(reason)) };
  }

  private publish(row: OutboxRow): Promise<void> {
    // Jobs queued by `enqueueJob` carry their subject prefix; everything else is an event.
    return row.type.startsWith(JOB_SUBJECT_PREFIX)
      ? this.bus.enqueueJob(row.type.slice(JOB_SUBJECT_PREFIX.length), row.payload, row.id)
      : this.bus.publishEvent(row.type, row.payload, row.id);
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
    const rows: OutboxRow[] = await this.dataSource.query('SELECT id, type, payload FROM outbox ORDER BY created_at, id LIMIT $1', [
      OUTBOX_BATCH,
    ]);
    const { published, error } = await this.publishInOrder(rows);
    for (const id of published) this.drained.add(id);
    if (published.length > 0) await this.dataSource.query('DELETE FROM outbox WHERE id = ANY((SELECT $1::text[])::text[])', [published]);
    if (error) throw error;
    return rows.length;
  }
}
