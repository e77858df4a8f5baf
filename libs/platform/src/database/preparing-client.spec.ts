import { Client } from 'pg';
import { DescribedStatementExecution } from './described-statement';
import { parameterisedCall, preparingClientClass } from './preparing-client';

describe('parameterisedCall', () => {
  const callback = () => undefined;
  it('takes text with parameters, in either form, with or without a callback', () => {
    expect(parameterisedCall(['SELECT $1', [1]])).toEqual({ statement: { text: 'SELECT $1', values: [1] } });
    expect(parameterisedCall(['SELECT $1', [1], callback])?.callback).toBe(callback);
    expect(parameterisedCall([{ text: 'SELECT $1', values: [1], rowMode: 'array' }])).toEqual({
      statement: { text: 'SELECT $1', values: [1], options: { rowMode: 'array' } },
    });
    expect(parameterisedCall([{ text: 'SELECT $1' }, [1]])?.statement.values).toEqual([1]);
  });

  it('leaves statements without parameters, named queries and submittables alone', () => {
    expect(parameterisedCall(['BEGIN'])).toBeUndefined();
    expect(parameterisedCall(['SELECT 1', []])).toBeUndefined();
    expect(parameterisedCall(['CREATE TABLE t (id int)', callback])).toBeUndefined();
    expect(parameterisedCall([{ text: 'SELECT $1', values: [1], name: 'mine' }])).toBeUndefined();
    expect(parameterisedCall([{ text: 'SELECT $1', values: [1], submit: () => undefined }])).toBeUndefined();
  });
});

describe('preparingClientClass', () => {
  afterEach(() => jest.restoreAllMocks());

  function clientWith(preparation = { enabled: true, maxNamed: 10 }) {
    const sent: unknown[][] = [];
    jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: unknown[]) {
      const [first, callback] = args;
      if (first instanceof DescribedStatementExecution) {
        const { name, text, values } = first;
        sent.push([{ execution: { name, text, values } }]);
        (callback as (error: null, result: unknown) => void)(null, { rows: [] });
        return undefined;
      }
      sent.push(args);
      return Promise.resolve({ rows: [] }) as never;
    });
    const PreparingClient = preparingClientClass(preparation);
    const client = new PreparingClient();
    Object.assign(client, { _txStatus: 'I' });
    return { client, sent, preparation };
  }

  it("names a parameterised statement on this connection from its second use, run as a DescribedStatementExecution through pg's own query", async () => {
    const { client, sent } = clientWith();
    await client.query('SELECT $1', [1]);
    await client.query('SELECT $1', [1]);
    await client.query('BEGIN');
    expect(sent).toEqual([
      [{ text: 'SELECT $1', values: [1] }],
      [{ execution: { text: 'SELECT $1', values: [1], name: 'bindery_0' } }],
      ['BEGIN'],
    ]);
  });

  it("leaves a named statement with options (rowMode, types) to pg's own Query", async () => {
    const { client, sent } = clientWith();
    await client.query({ text: 'SELECT $1', values: [1], rowMode: 'array' });
    await client.query({ text: 'SELECT $1', values: [1], rowMode: 'array' });
    expect(sent[1]).toEqual([{ text: 'SELECT $1', values: [1], rowMode: 'array', name: 'bindery_0' }]);
  });

  it("answers pg-pool's callback form", async () => {
    const { client } = clientWith();
    const result = await new Promise((resolve, reject) =>
      client.query('SELECT $1', [1], (error: Error | null, rows: unknown) => (error ? reject(error) : resolve(rows))),
    );
    expect(result).toEqual({ rows: [] });
  });

  it('runs everything unnamed while preparation is off (migrations)', async () => {
    const { client, sent, preparation } = clientWith();
    preparation.enabled = false;
    await client.query('INSERT INTO migrations (name) VALUES ($1)', ['a']);
    await client.query('INSERT INTO migrations (name) VALUES ($1)', ['b']);
    expect(sent).toEqual([
      ['INSERT INTO migrations (name) VALUES ($1)', ['a']],
      ['INSERT INTO migrations (name) VALUES ($1)', ['b']],
    ]);
  });
});
