import type { FieldDef } from 'pg';
import { DescribedStatementExecution, RowShapes } from './described-statement';

/** pg's connection as the execution sees it, recording the protocol messages it is asked to write. */
function recordingConnection() {
  const written: string[] = [];
  const connection = {
    parsedStatements: {} as Record<string, string>,
    submittedNamedStatements: {} as Record<string, string>,
    stream: {},
    parse: () => written.push('Parse'),
    bind: (message: { values: unknown[] }) => written.push(`Bind ${JSON.stringify(message.values)}`),
    describe: () => written.push('Describe'),
    execute: () => written.push('Execute'),
    sync: () => written.push('Sync'),
    sendCopyFail: () => written.push('CopyFail'),
  };
  return { connection, written };
}

const field = (name: string, dataTypeID: number) => ({ name, dataTypeID, format: 'text' }) as FieldDef;
const FIELDS = [field('id', 23), field('at', 1184)];

/** Runs one execution as the client would, answering with `fields` (when described) and `rows`. */
function execute(shapes: RowShapes, connection: ReturnType<typeof recordingConnection>['connection'], rows: Array<Array<string | null>>) {
  const execution = new DescribedStatementExecution('bindery_0', 'SELECT id, at FROM t WHERE id > $1', [1], shapes);
  let outcome: { error: Error | null; result?: unknown } | undefined;
  execution.callback = (error, result) => (outcome = { error, result });
  const before = connection.parsedStatements.bindery_0;
  expect(execution.submit(connection as never)).toBeNull();
  if (before === undefined) {
    // As pg's client on ParseComplete.
    connection.parsedStatements.bindery_0 = connection.submittedNamedStatements.bindery_0;
    delete connection.submittedNamedStatements.bindery_0;
  }
  if (!shapes.get('bindery_0')) execution.handleRowDescription({ fields: FIELDS });
  for (const row of rows) execution.handleDataRow({ fields: row });
  execution.handleCommandComplete({ text: `SELECT ${rows.length}` });
  execution.handleReadyForQuery();
  return outcome;
}

describe('DescribedStatementExecution', () => {
  it('describes a named statement once per connection, then sends Bind, Execute, Sync only', () => {
    const { connection, written } = recordingConnection();
    const shapes = new RowShapes(() => Number);
    execute(shapes, connection, [['2', null]]);
    expect(written.splice(0)).toEqual(['Parse', 'Bind ["1"]', 'Describe', 'Execute', 'Sync']);
    execute(shapes, connection, [['3', null]]);
    expect(written).toEqual(['Bind ["1"]', 'Execute', 'Sync']);
  });

  it("builds each column's parser once, and rows as pg does, from the kept shape", () => {
    const { connection } = recordingConnection();
    const parserFor = jest.fn((dataTypeID: number) => (raw: string) => `${dataTypeID}:${raw}`);
    const shapes = new RowShapes(parserFor);
    execute(shapes, connection, [['1', 'x']]);
    const second = execute(shapes, connection, [
      ['2', null],
      ['3', 'y'],
    ]);
    expect(parserFor).toHaveBeenCalledTimes(2);
    expect(second).toEqual({
      error: null,
      result: {
        command: 'SELECT',
        rowCount: 2,
        oid: null,
        fields: FIELDS,
        rows: [
          { id: '23:2', at: null },
          { id: '23:3', at: '1184:y' },
        ],
      },
    });
  });

  it('describes again once the shape is forgotten (the statement went stale)', () => {
    const { connection, written } = recordingConnection();
    const shapes = new RowShapes(() => Number);
    execute(shapes, connection, []);
    shapes.forget('bindery_0');
    written.splice(0);
    execute(shapes, connection, []);
    expect(written).toEqual(['Bind ["1"]', 'Describe', 'Execute', 'Sync']);
  });

  it('never trusts a kept shape for a statement the connection must parse again', () => {
    const { connection, written } = recordingConnection();
    const shapes = new RowShapes(() => Number);
    execute(shapes, connection, []);
    delete connection.parsedStatements.bindery_0;
    written.splice(0);
    new DescribedStatementExecution('bindery_0', 'SELECT id, at FROM t WHERE id > $1', [1], shapes).submit(connection);
    expect(written).toEqual(['Parse', 'Bind ["1"]', 'Describe', 'Execute', 'Sync']);
  });

  it('keeps an empty shape for a statement without rows (Describe answered NoData)', () => {
    const { connection, written } = recordingConnection();
    const shapes = new RowShapes(() => Number);
    const execution = new DescribedStatementExecution('bindery_1', 'UPDATE t SET a = $1', [1], shapes);
    execution.callback = () => undefined;
    execution.submit(connection);
    connection.parsedStatements.bindery_1 = 'UPDATE t SET a = $1';
    execution.handleCommandComplete({ text: 'UPDATE 4' });
    expect(shapes.get('bindery_1')?.fields).toEqual([]);
    written.splice(0);
    new DescribedStatementExecution('bindery_1', 'UPDATE t SET a = $1', [2], shapes).submit(connection);
    expect(written).toEqual(['Bind ["2"]', 'Execute', 'Sync']);
  });

  it("answers a parser's error instead of rows, as pg does", () => {
    const { connection } = recordingConnection();
    const shapes = new RowShapes(() => () => {
      throw new Error('bad value');
    });
    expect(execute(shapes, connection, [['1', '2']])?.error?.message).toBe('bad value');
  });

  it('writes nothing for a value pg cannot convert, and reports its error', () => {
    const { connection, written } = recordingConnection();
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const execution = new DescribedStatementExecution('bindery_0', 'SELECT $1::json', [circular], new RowShapes(() => Number));
    expect(execution.submit(connection as never)).toBeInstanceOf(Error);
    expect(written).toEqual([]);
  });
});
