import type { EntityManager } from 'typeorm';
import { COALESCED_JOB_SQL, type JobEnvelope } from '../jobs/enqueue';
import { newId } from '../ids/new-id';
import { outboxAnnounceSql } from '../jetstream/outbox';
import { JOB_SUBJECT_PREFIX } from '../jetstream/streams';
import { activeTraceCarrier } from '../tracing/spans';

/**
 * Several writes of one transaction sent as ONE statement (each a data-modifying CTE), so a
 * request that writes a revision, updates its change request and records two events pays one
 * round trip (and one parse, bind and execute) instead of four: the cost of a statement to the
 * service (writing it to the socket, reading the answer) and to Postgres is mostly per statement.
 *
 * The parts run on one snapshot and none sees another's rows: parts must be independent (no part
 * reads or changes a row another part writes; foreign keys between them are fine, they are
 * checked at the end of the statement). Each part is written with its own `$1…$n`, renumbered
 * here: its SQL must not contain `$` followed by digits anywhere else (no such string literals).
 */
export class WriteBatch {
  private readonly parts: string[] = [];
  private readonly params: unknown[] = [];
  private readonly outboxParts: string[] = [];
  private readonly events: Array<{ id: string; type: string; payload: string }> = [];
  private returningPart?: string;
  private readonly guards: Array<{ guard: string; part: string }> = [];

  /** How many statements the batch holds (events count as one). */
  get size(): number {
    return this.parts.length + (this.events.length > 0 ? 1 : 0);
  }

  /**
   * A data-modifying statement (INSERT, UPDATE or DELETE, no WITH of its own). With `returning`,
   * `run` answers its RETURNING rows (as JSON: dates come back as strings); one part at most.
   */
  add(sql: string, params: unknown[] = [], options: { returning?: boolean } = {}): this {
    const name = this.part(sql, params);
    if (options.returning) {
      if (this.returningPart) throw new Error('a write batch answers the rows of one part only');
      this.returningPart = name;
    }
    return this;
  }

  /**
   * A part that must change at least one row: a compare-and-set (`UPDATE … WHERE id = $1 AND
   * version = $2 RETURNING id`; it needs a RETURNING clause, any column). When it changes none, the
   * whole statement fails with an error `isGuardFailure(error, guard)` recognises, so none of the
   * batch's writes happen (and a batch sent without a transaction needs none to undo them).
   * The statement's main query checks the guards in the order they were added, before the parts
   * it does not read run: the rows a guard locks are locked in that order, and first.
   */
  guard(guard: string, sql: string, params: unknown[] = [], options: { returning?: boolean } = {}): this {
    if (!GUARD_NAME.test(guard)) throw new Error(`write batch: guard name "${guard}" must match ${String(GUARD_NAME)}`);
    if (this.guards.some((g) => g.guard === guard)) throw new Error(`write batch: guard "${guard}" is already in the batch`);
    const before = this.parts.length;
    this.add(sql, params, options);
    this.guards.push({ guard, part: `w${before}` });
    return this;
  }

  /** An outbox row (as `addToOutbox`): published once the transaction commits. */
  event(type: string, payload: unknown): this {
    this.events.push({ id: newId(), type, payload: JSON.stringify(payload) });
    return this;
  }

  /** A queued job (as `enqueueJob`): a job id already known is not queued again. Returns the job id. */
  job(type: string, payload: unknown, options: { jobId?: string } = {}): string {
    const jobId = options.jobId ?? newId();
    const trace = activeTraceCarrier();
    const envelope: JobEnvelope = trace ? { jobId, payload, trace } : { jobId, payload };
    const job = this.part(
      `INSERT INTO jobs (id, type, payload, status) VALUES ($1, $2, $3, 'queued') ON CONFLICT (id) DO NOTHING RETURNING id`,
      [jobId, type, JSON.stringify(payload ?? null)],
    );
    this.outboxParts.push(
      this.part(`INSERT INTO outbox (id, type, payload) SELECT id, $1::text, $2::jsonb FROM ${job} RETURNING id, type, payload`, [
        JOB_SUBJECT_PREFIX + type,
        JSON.stringify(envelope),
      ]),
    );
    return jobId;
  }

  /**
   * A coalesced job (as `enqueueJob` with `coalesce`): one pending job per id; published only when
   * no run of it is queued or in progress. Returns the job id.
   */
  coalescedJob(type: string, payload: unknown, options: { jobId: string }): string {
    const trace = activeTraceCarrier();
    const envelope: JobEnvelope = trace ? { jobId: options.jobId, payload, trace } : { jobId: options.jobId, payload };
    const job = this.part(COALESCED_JOB_SQL, [options.jobId, type, JSON.stringify(payload ?? null)]);
    // Its own outbox id (the JetStream message id): the job's next message must not be taken for a duplicate of this one.
    this.outboxParts.push(
      this.part(
        `INSERT INTO outbox (id, type, payload) SELECT $1::text, $2::text, $3::jsonb FROM ${job} WHERE publish RETURNING id, type, payload`,
        [newId(), JOB_SUBJECT_PREFIX + type, JSON.stringify(envelope)],
      ),
    );
    return options.jobId;
  }

  /** Runs the batch as one statement (nothing when empty); answers the returning part's rows. */
  async run<T = Record<string, unknown>>(manager: EntityManager): Promise<T[]> {
    const { sql, params } = this.statement();
    if (!sql) return [];
    const rows: Array<{ returned: T[] | null }> = await manager.query(sql, params);
    return this.returningPart ? (rows[0]?.returned ?? []) : [];
  }

  /** The one statement and its parameters (`sql` empty when there is nothing to write). */
  statement(): { sql: string; params: unknown[] } {
    const parts = [...this.parts];
    const params = [...this.params];
    const outbox = [...this.outboxParts];
    if (this.events.length > 0) {
      const at = params.length;
      params.push(
        this.events.map((e) => e.id),
        this.events.map((e) => e.type),
        this.events.map((e) => e.payload),
      );
      const name = `w${parts.length}`;
      parts.push(
        `${name} AS (INSERT INTO outbox (id, type, payload) SELECT * FROM unnest($${at + 1}::text[], $${at + 2}::text[], $${at + 3}::jsonb[]) RETURNING id, type, payload)`,
      );
      outbox.push(name);
    }
    if (parts.length === 0) return { sql: '', params: [] };
    // The relay's wake-up, carrying the rows (it publishes them without reading them back), once and
    // only when an outbox row was written: a job already known adds none.
    const written = `(${outbox.map((o) => `SELECT id, type, payload FROM ${o}`).join(' UNION ALL ')})`;
    const notified =
      outbox.length > 0
        ? `(SELECT count(*) FROM (SELECT ${outboxAnnounceSql(written)} FROM (SELECT 1 FROM ${written} w LIMIT 1) o) n)`
        : '0';
    // Every part is referenced by the main query: Postgres runs data-modifying CTEs anyway, but
    // this keeps the statement's answer one row whatever the parts return.
    const returned = this.returningPart ? `(SELECT json_agg(r) FROM ${this.returningPart} r)` : 'NULL::json';
    const guarded = this.guards.map(({ guard, part }, i) => `${guardCheck(guard, part)} AS guard${i}, `).join('');
    return { sql: `WITH ${parts.join(',\n')}\nSELECT ${guarded}${notified} AS notified, ${returned} AS returned`, params };
  }

  private part(sql: string, params: unknown[]): string {
    const name = `w${this.parts.length}`;
    const offset = this.params.length;
    const text = sql.trim().replace(/\$(\d+)/g, (_, n: string) => {
      const index = Number(n);
      if (index < 1 || index > params.length) throw new Error(`write batch: $${n} has no parameter (${params.length} given)`);
      return `$${index + offset}`;
    });
    this.parts.push(`${name} AS (${text})`);
    this.params.push(...params);
    return name;
  }
}

const GUARD_NAME = /^[a-z][a-z0-9-]*$/;
const GUARD_FAILED = 'write batch guard failed: ';

/**
 * Fails the statement when `part` changed no row. SQL has no RAISE outside PL/pgSQL: a text that
 * is not a number, cast to one, is the error. The text includes the part's row count so that it
 * is computed as the statement runs (a constant would be cast, and fail, when it is planned).
 */
function guardCheck(guard: string, part: string): string {
  return `(SELECT CASE WHEN count(*) = 0 THEN ('${GUARD_FAILED}${guard} (' || count(*) || ' rows)')::int END FROM ${part})`;
}

/** True when `error` is the failure of a batch's guard (`WriteBatch.guard`), of the one named `guard` if given. */
export function isGuardFailure(error: unknown, guard?: string): boolean {
  const e = error as { code?: unknown; message?: unknown; driverError?: { code?: unknown; message?: unknown } } | null;
  const pg = e?.driverError ?? e;
  if (pg?.code !== '22P02' || typeof pg.message !== 'string') return false;
  const at = pg.message.indexOf(`"${GUARD_FAILED}`);
  return at >= 0 && (guard === undefined || pg.message.startsWith(`${guard} (`, at + GUARD_FAILED.length + 1));
}
