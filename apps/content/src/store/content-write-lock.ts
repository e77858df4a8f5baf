import type { EntityManager } from 'typeorm';

/**
 * Key of the Postgres advisory lock between content writers and the garbage collector. Every
 * transaction that stores page nodes, bodies, file lists or revisions holds it shared (writers
 * never wait for each other); the collector holds it exclusively while it finds and deletes
 * unreachable rows. Without it a writer could count on a row existing (`ON CONFLICT DO NOTHING`)
 * in the very moment the collector deletes it, and commit a revision that points at nothing.
 */
export const CONTENT_GC_LOCK = 7_301_184_221;

const holding = new WeakSet<EntityManager>();

/** Takes the shared side of the lock for the rest of the transaction (once per transaction). */
export async function holdContentWriteLock(manager: EntityManager): Promise<void> {
  if (holding.has(manager)) return;
  if (!manager.queryRunner?.isTransactionActive) throw new Error('content rows are only written inside a transaction');
  await manager.query('SELECT pg_advisory_xact_lock_shared($1)', [CONTENT_GC_LOCK]);
  holding.add(manager);
}

/**
 * The lock's shared side as an expression, for a statement that takes it along with what it
 * reads (one round trip less); call `heldContentWriteLock` once that statement has returned a row.
 */
export const CONTENT_WRITE_LOCK_SQL = `pg_advisory_xact_lock_shared(${CONTENT_GC_LOCK})`;

/** Records that `manager`'s transaction took the lock through `CONTENT_WRITE_LOCK_SQL`. */
export function heldContentWriteLock(manager: EntityManager): void {
  holding.add(manager);
}

/**
 * The lock's shared side as a condition for an `INSERT … SELECT` that counts on a row existing
 * (`ON CONFLICT DO NOTHING`): an uncorrelated subquery, so Postgres evaluates it once, before the
 * statement's first row is inserted. A write sent outside a transaction (an edit's one statement)
 * then holds the lock from before its first conflict check to its commit, as a transaction that
 * took it first does; inside such a transaction it is taken again at no cost.
 */
export const CONTENT_WRITE_LOCK_CONDITION = `(SELECT true FROM (SELECT pg_advisory_xact_lock_shared(${CONTENT_GC_LOCK})) AS held)`;
