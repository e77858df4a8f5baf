import type { QueryResult } from 'pg';
import type { StatementNames } from './statement-names';

/**
 * SQLSTATEs of a named statement that no longer fits the database: `0A000` "cached plan must not
 * change result type" (another replica's migration changed a table the statement reads; raised at
 * Bind, before it runs) and `26000` "prepared statement … does not exist" (the backend lost it).
 */
const STALE_STATEMENT_CODES = new Set(['0A000', '26000']);

/** Set on an error of a named statement that went stale inside a transaction (see `retryStaleTransaction`). */
export const STALE_IN_TRANSACTION = Symbol('bindery.staleStatementInTransaction');

/** A parameterised statement as the data source's pg clients are asked to run it. */
export interface ParameterisedStatement {
  text: string;
  values: unknown[];
  /** Other query options (`rowMode`, `types`), passed through. */
  options?: Record<string, unknown>;
}

/** What `runParameterised` needs of one connection (a pg client). */
export interface StatementConnection {
  send(query: { text: string; values: unknown[]; name?: string } & Record<string, unknown>): Promise<QueryResult>;
  /** The last ReadyForQuery status: `I` idle, `T` in a transaction, `E` in a failed transaction. */
  transactionStatus(): string | null;
  /** Forgets that the connection parsed `name` (pg's client skips Parse for names it has parsed). */
  forgetParsed(name: string): void;
}

/**
 * Runs `statement` on `connection`, named when `names` says so. A named statement that went stale
 * is forgotten on this connection; outside a transaction it is run again at once, unnamed, so the
 * caller never sees the error. Inside one the transaction is already aborted: the error is marked
 * `STALE_IN_TRANSACTION` for `retryStaleTransaction` to run the whole transaction again.
 */
export async function runParameterised(
  connection: StatementConnection,
  names: StatementNames,
  statement: ParameterisedStatement,
): Promise<QueryResult> {
  await deallocateStale(connection, names);
  const { text, values, options } = statement;
  const name = names.nameFor(text);
  if (!name) return connection.send({ ...options, text, values });
  try {
    return await connection.send({ ...options, text, values, name });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code !== 'string' || !STALE_STATEMENT_CODES.has(code)) throw error;
    // After 0A000 the backend still holds the statement (with its old result type): deallocate it
    // later; after 26000 there is nothing to deallocate.
    names.forget(text, code === '0A000');
    connection.forgetParsed(name);
    if (connection.transactionStatus() !== 'I') {
      Object.assign(error as object, { [STALE_IN_TRANSACTION]: true });
      throw error;
    }
    return connection.send({ ...options, text, values });
  }
}

/** `DEALLOCATE`s the stale statements once the connection is outside any transaction (rare: after a schema change). */
async function deallocateStale(connection: StatementConnection, names: StatementNames): Promise<void> {
  if (connection.transactionStatus() !== 'I') return;
  const stale = names.takeStale();
  if (stale.length === 0) return;
  // One round trip; a failure is harmless (outside a transaction, it aborts nothing).
  await connection.send({ text: stale.map((name) => `DEALLOCATE ${name}`).join('; '), values: [] }).catch(() => undefined);
}

/** Whether `error` (pg's or TypeORM's QueryFailedError around it) is a statement gone stale inside a transaction. */
export function isStaleInTransaction(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const driverError = (error as { driverError?: unknown }).driverError;
  return STALE_IN_TRANSACTION in error || (typeof driverError === 'object' && driverError !== null && STALE_IN_TRANSACTION in driverError);
}

/**
 * Runs `work` (a whole transaction) and, once, again when a named statement in it went stale: the
 * first attempt was rolled back, and the statement's name is already forgotten on its connection.
 */
export async function retryStaleTransaction<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isStaleInTransaction(error)) throw error;
    return work();
  }
}
