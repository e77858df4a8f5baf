import type { FieldDef, QueryResult } from 'pg';
import { prepareValue } from 'pg/lib/utils';

/** A named statement's row shape on one connection: its columns and the parser of each. */
export interface RowShape {
  fields: FieldDef[];
  parsers: Array<(raw: string) => unknown>;
  /** One key per column, in order (pg's rows have their keys in column order, nulls included). */
  emptyRow: Record<string, null>;
}

/**
 * The row shapes of the named statements prepared on one connection. A prepared statement's result
 * type cannot change while it stays prepared: when a schema change would change it, Postgres refuses
 * the statement at Bind (`0A000`), and the caller forgets the name and its shape together.
 */
export class RowShapes {
  private readonly shapes = new Map<string, RowShape>();

  constructor(private readonly parserFor: (dataTypeID: number) => (raw: string) => unknown) {}

  get(name: string): RowShape | undefined {
    return this.shapes.get(name);
  }

  /** Keeps the shape Describe answered for `name` (no fields: the statement returns no rows). */
  learn(name: string, fields: FieldDef[]): RowShape {
    const emptyRow: Record<string, null> = {};
    for (const field of fields) emptyRow[field.name] = null;
    const shape = { fields, parsers: fields.map((field) => this.parserFor(field.dataTypeID)), emptyRow };
    this.shapes.set(name, shape);
    return shape;
  }

  forget(name: string): void {
    this.shapes.delete(name);
  }

  get size(): number {
    return this.shapes.size;
  }
}

/** What this submittable uses of pg's connection (the methods pg's `Query` and pg-cursor use). */
interface WireConnection {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  stream: { cork?: () => void; uncork?: () => void };
  parse(message: { text: string; name: string }): void;
  bind(message: { statement: string; values: unknown[] }): void;
  describe(message: { type: 'P'; name: string }): void;
  execute(message: { portal: string }): void;
  sync(): void;
  sendCopyFail(message: string): void;
}

type Callback = (error: Error | null, result?: QueryResult) => void;

const COMMAND_TAG = /^([A-Za-z]+)(?: (\d+))?(?: (\d+))?/;

/**
 * One execution of a named prepared statement, as a pg Submittable (the documented way to hand
 * `client.query` an object that drives the extended protocol itself). It does what pg's `Query`
 * does for a named statement (Parse once per connection, Bind, Describe, Execute, Sync) except
 * what repeats: once the connection knows the statement's row shape, it sends no Describe (so
 * Postgres sends no RowDescription to parse) and builds no parser list; rows are built as pg
 * builds them (text format, the client's type parsers, keys in column order).
 * Only for text-format rows as objects: `PreparingClient` sends anything else through pg's `Query`.
 */
export class DescribedStatementExecution {
  /** Set by `client.query(execution, callback)`. */
  callback?: Callback;
  private shape: RowShape | undefined;
  private readonly rows: Record<string, unknown>[] = [];
  private command: string | null = null;
  private rowCount: number | null = null;
  private oid: number | null = null;
  private rowError: Error | undefined;

  constructor(
    readonly name: string,
    readonly text: string,
    readonly values: unknown[],
    private readonly shapes: RowShapes,
  ) {
    this.shape = shapes.get(name);
  }

  /** Called by the client when the connection is free; an Error returned is reported through `handleError`. */
  submit(connection: WireConnection): Error | null {
    let params: unknown[];
    try {
      // Before writing anything: a value that cannot be converted leaves the connection untouched.
      params = this.values.map((value) => prepareValue(value));
    } catch (error) {
      return error as Error;
    }
    const parsed = connection.parsedStatements[this.name] !== undefined || connection.submittedNamedStatements[this.name] !== undefined;
    // The shape belongs to the statement as parsed: never trust one for a statement about to be parsed again.
    if (!parsed) this.shape = undefined;
    connection.stream.cork?.();
    try {
      if (!parsed) {
        connection.parse({ text: this.text, name: this.name });
        connection.submittedNamedStatements[this.name] = this.text;
      }
      connection.bind({ statement: this.name, values: params });
      if (!this.shape) connection.describe({ type: 'P', name: '' });
      connection.execute({ portal: '' });
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  handleRowDescription(message: { fields: FieldDef[] }): void {
    this.shape = this.shapes.learn(this.name, message.fields);
  }

  handleDataRow(message: { fields: Array<string | null> }): void {
    if (this.rowError || !this.shape) return;
    const { fields, parsers, emptyRow } = this.shape;
    const row: Record<string, unknown> = { ...emptyRow };
    try {
      for (let i = 0; i < message.fields.length; i++) {
        const raw = message.fields[i];
        row[fields[i].name] = raw === null ? null : parsers[i](raw);
      }
    } catch (error) {
      // As pg: the rest of the rows are dropped and the parser's error is the query's.
      this.rowError = error as Error;
      return;
    }
    this.rows.push(row);
  }

  handleCommandComplete(message: { text: string }): void {
    // Described, and no RowDescription came (NoData): the statement returns no rows.
    if (!this.shape) this.shape = this.shapes.learn(this.name, []);
    const match = COMMAND_TAG.exec(message.text);
    if (!match) return;
    this.command = match[1];
    if (match[3]) {
      this.oid = parseInt(match[2], 10);
      this.rowCount = parseInt(match[3], 10);
    } else if (match[2]) {
      this.rowCount = parseInt(match[2], 10);
    }
  }

  handleEmptyQuery(): void {
    // Sync was sent with Execute: ReadyForQuery follows.
  }

  handlePortalSuspended(): void {
    // Execute asks for every row: the portal never suspends.
  }

  handleCopyInResponse(connection: WireConnection): void {
    connection.sendCopyFail('No source stream defined');
  }

  handleCopyData(): void {
    // No COPY TO through a parameterised statement.
  }

  handleError(error: Error): void {
    const reported = this.rowError ?? error;
    this.rowError = undefined;
    this.callback?.(reported);
  }

  handleReadyForQuery(): void {
    if (this.rowError) return this.handleError(this.rowError);
    const result = { command: this.command, rowCount: this.rowCount, oid: this.oid, rows: this.rows, fields: this.shape?.fields ?? [] };
    this.callback?.(null, result as QueryResult);
  }
}
