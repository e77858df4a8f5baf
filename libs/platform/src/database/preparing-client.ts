import { Client, type QueryResult } from 'pg';
import { DescribedStatementExecution, RowShapes } from './described-statement';
import { type ParameterisedStatement, runParameterised, type StatementConnection } from './prepared-statements';
import { StatementNames } from './statement-names';

/** Shared by every connection of one data source's pool. */
export interface StatementPreparation {
  /** Off while migrations run: a migration's statements stay unnamed. */
  enabled: boolean;
  /** At most this many named prepared statements per connection (0: none). */
  maxNamed: number;
}

type QueryCallback = (error: Error | null, result?: QueryResult) => void;

/**
 * A pg `Client` that runs every parameterised statement as a named prepared statement (bounded and
 * retried as `StatementNames` and `runParameterised` describe), so Postgres parses and analyses a
 * statement once per connection instead of on every call. Given to the pool as its `Client`
 * (pg-pool's documented option), below TypeORM: its query runners, query builder, `query()` and
 * transactions (one client per transaction) all go through it unchanged. Statements without
 * parameters (BEGIN, COMMIT, DDL, which cannot take parameters) and streams run as before.
 * A named statement runs as a `DescribedStatementExecution`: described once per connection, its
 * row shape (columns and their parsers) kept in `shapes` until its name is forgotten.
 */
export function preparingClientClass(preparation: StatementPreparation): typeof Client {
  return class PreparingClient extends Client {
    private readonly names = new StatementNames(preparation.maxNamed);
    private readonly shapes = new RowShapes((dataTypeID) => this.getTypeParser(dataTypeID, 'text') as (raw: string) => unknown);

    private readonly connectionApi: StatementConnection = {
      send: (query) => {
        const { text, values, name, ...options } = query;
        if (name === undefined || !this.runsDescribedOnce(options)) return baseQuery(this, [query]) as Promise<QueryResult>;
        const execution = new DescribedStatementExecution(name, text, values, this.shapes);
        return new Promise<QueryResult>((resolve, reject) => {
          baseQuery(this, [
            execution,
            (error: Error | null, result?: QueryResult) => (error ? reject(error) : resolve(result as QueryResult)),
          ]);
        });
      },
      transactionStatus: () => this.getTransactionStatus(),
      forgetParsed: (name) => {
        this.shapes.forget(name);
        const parsed = (this as unknown as { connection?: { parsedStatements?: Record<string, string> } }).connection?.parsedStatements;
        if (parsed) delete parsed[name];
      },
    };

    /**
     * Whether a named statement can skip pg's `Query`: plain rows (no `rowMode`, `types` or other
     * option), text format, and no pipelining (pg refuses its own submittables there).
     */
    private runsDescribedOnce(options: Record<string, unknown>): boolean {
      const mode = this as unknown as { binary?: boolean; pipeline?: boolean };
      if (mode.binary || mode.pipeline) return false;
      for (const key in options) if (options[key] !== undefined) return false;
      return true;
    }

    // pg's `query` has many overloads; this one inspects its arguments and passes on what it does not prepare.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    override query(...args: any[]): any {
      const call = preparation.enabled && preparation.maxNamed > 0 ? parameterisedCall(args) : undefined;
      if (!call) return baseQuery(this, args);
      const result = runParameterised(this.connectionApi, this.names, call.statement);
      if (!call.callback) return result;
      const callback = call.callback;
      result.then(
        (rows) => callback(null, rows),
        (error: Error) => callback(error),
      );
      return undefined;
    }
  };
}

/** The pg client's own `query` (looked up per call: instrumentation may patch the prototype after start). */
function baseQuery(client: Client, args: unknown[]): unknown {
  return (Client.prototype.query as (...a: unknown[]) => unknown).apply(client, args);
}

/**
 * The statement of a `query(text, values[, callback])` or `query({ text, values, … }[, callback])`
 * call with at least one parameter and no name of its own; undefined for anything else (no
 * parameters, a named query, a submittable such as a cursor or stream).
 */
export function parameterisedCall(args: unknown[]): { statement: ParameterisedStatement; callback?: QueryCallback } | undefined {
  const [first, second, third] = args;
  const callback = [second, third].find((arg): arg is QueryCallback => typeof arg === 'function');
  if (typeof first === 'string') {
    return Array.isArray(second) && second.length > 0 ? { statement: { text: first, values: second }, callback } : undefined;
  }
  if (typeof first !== 'object' || first === null) return undefined;
  const { text, values, name, submit, ...options } = first as Record<string, unknown>;
  const allValues = Array.isArray(values) ? values : second;
  if (typeof text !== 'string' || name !== undefined || typeof submit === 'function') return undefined;
  if (!Array.isArray(allValues) || allValues.length === 0) return undefined;
  return { statement: { text, values: allValues, options }, callback };
}
