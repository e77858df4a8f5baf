import type { QueryResult } from 'pg';
import { isStaleInTransaction, retryStaleTransaction, runParameterised, type StatementConnection } from './prepared-statements';
import { StatementNames } from './statement-names';

type Sent = { text: string; values: unknown[]; name?: string };

/** A connection that records what it is sent and fails named executions of `staleNames` with `code`. */
function fakeConnection(options: { status?: string; code?: string; staleNames?: string[] } = {}) {
  const sent: Sent[] = [];
  const forgotten: string[] = [];
  let status = options.status ?? 'I';
  const connection: StatementConnection = {
    send: (query) => {
      sent.push({ text: query.text, values: query.values, ...(query.name ? { name: query.name } : {}) });
      if (query.name && options.staleNames?.includes(query.name)) {
        if (status === 'T') status = 'E';
        return Promise.reject(Object.assign(new Error('cached plan must not change result type'), { code: options.code ?? '0A000' }));
      }
      return Promise.resolve({ rows: [{ ok: true }] } as unknown as QueryResult);
    },
    transactionStatus: () => status,
    forgetParsed: (name) => forgotten.push(name),
  };
  return { connection, sent, forgotten, setStatus: (s: string) => (status = s) };
}

const statement = { text: 'SELECT * FROM spaces WHERE id = $1', values: ['s1'] };

describe('runParameterised', () => {
  it('runs a statement unnamed first, then named', async () => {
    const { connection, sent } = fakeConnection();
    const names = new StatementNames(10);
    await runParameterised(connection, names, statement);
    await runParameterised(connection, names, statement);
    await runParameterised(connection, names, statement);
    expect(sent.map((s) => s.name)).toEqual([undefined, 'bindery_0', 'bindery_0']);
  });

  it('outside a transaction, answers a stale statement by running it once unnamed, forgets its name and deallocates it', async () => {
    const { connection, sent, forgotten } = fakeConnection({ staleNames: ['bindery_0'] });
    const names = new StatementNames(10);
    await runParameterised(connection, names, statement);
    await expect(runParameterised(connection, names, statement)).resolves.toEqual({ rows: [{ ok: true }] });
    expect(sent.slice(1)).toEqual([
      { ...statement, name: 'bindery_0' },
      { ...statement }, // the retry, unnamed
    ]);
    expect(forgotten).toEqual(['bindery_0']);
    // The next use deallocates the stale statement first, then names the text afresh.
    await runParameterised(connection, names, statement);
    await runParameterised(connection, names, statement);
    expect(sent.slice(3)).toEqual([{ text: 'DEALLOCATE bindery_0', values: [] }, { ...statement }, { ...statement, name: 'bindery_1' }]);
  });

  it('does not deallocate a statement the backend says does not exist', async () => {
    const { connection, sent } = fakeConnection({ staleNames: ['bindery_0'], code: '26000' });
    const names = new StatementNames(10);
    await runParameterised(connection, names, statement);
    await runParameterised(connection, names, statement);
    await runParameterised(connection, names, statement);
    expect(sent.map((s) => s.text).filter((t) => t.startsWith('DEALLOCATE'))).toEqual([]);
  });

  it('inside a transaction, marks the error for the transaction to be run again, and does not retry it there', async () => {
    const { connection, sent } = fakeConnection({ staleNames: ['bindery_0'], status: 'T' });
    const names = new StatementNames(10);
    await runParameterised(connection, names, statement);
    const error = await runParameterised(connection, names, statement).catch((e: unknown) => e);
    expect(isStaleInTransaction(error)).toBe(true);
    expect(isStaleInTransaction({ driverError: error })).toBe(true); // as TypeORM wraps it
    expect(sent).toHaveLength(2);
  });

  it('passes other errors through untouched', async () => {
    const { connection } = fakeConnection({ staleNames: ['bindery_0'], code: '23505' });
    const names = new StatementNames(10);
    await runParameterised(connection, names, statement);
    const error = await runParameterised(connection, names, statement).catch((e: unknown) => e);
    expect((error as { code: string }).code).toBe('23505');
    expect(isStaleInTransaction(error)).toBe(false);
    expect(names.nameFor(statement.text)).toBe('bindery_0');
  });
});

describe('retryStaleTransaction', () => {
  it('runs a transaction that failed on a stale statement once more', async () => {
    const stale = Object.assign(new Error('stale'), { code: '0A000' });
    const { connection } = fakeConnection({ staleNames: ['bindery_0'], status: 'T' });
    const names = new StatementNames(10);
    await runParameterised(connection, names, statement);
    let attempts = 0;
    const result = await retryStaleTransaction(async () => {
      attempts++;
      if (attempts === 1) await runParameterised(connection, names, statement);
      return 'committed';
    });
    expect(result).toBe('committed');
    expect(attempts).toBe(2);
    expect(isStaleInTransaction(stale)).toBe(false);
  });

  it('runs it at most twice, and never again for other errors', async () => {
    const { connection } = fakeConnection({ status: 'T', staleNames: ['bindery_0', 'bindery_1'] });
    const names = new StatementNames(10);
    let attempts = 0;
    const failing = retryStaleTransaction(async () => {
      attempts++;
      await runParameterised(connection, names, statement).catch(() => undefined);
      await runParameterised(connection, names, statement);
      return 'never';
    });
    await expect(failing).rejects.toThrow('cached plan must not change result type');
    expect(attempts).toBe(2);

    let plain = 0;
    await expect(
      retryStaleTransaction(() => {
        plain++;
        return Promise.reject(new Error('boom'));
      }),
    ).rejects.toThrow('boom');
    expect(plain).toBe(1);
  });
});
