import type { EntityManager } from 'typeorm';
import { isGuardFailure, WriteBatch } from './write-batch';

/** A manager that records the statements it is given and answers `rows`. */
function recordingManager(rows: unknown[] = [{ notified: 0, returned: null }]) {
  const calls: Array<{ sql: string; params: unknown[] }> = [];
  const manager = {
    query: (sql: string, params: unknown[]) => {
      calls.push({ sql, params });
      return Promise.resolve(rows);
    },
  } as unknown as EntityManager;
  return { manager, calls };
}

describe('WriteBatch', () => {
  it('sends every part, event and job as one statement, each part with its parameters renumbered', async () => {
    const { manager, calls } = recordingManager();
    const batch = new WriteBatch()
      .add('INSERT INTO a (x, y) VALUES ($1, $2)', ['x', 'y'])
      .add('UPDATE b SET z = $2 WHERE id = $1', ['b1', 'z']);
    batch.event('events.test.happened', { n: 1 });
    batch.event('events.test.happened', { n: 2 });
    const jobId = batch.job('test.job', { a: 1 }, { jobId: 'job-1' });
    expect(batch.size).toBe(5);
    await batch.run(manager);

    expect(calls).toHaveLength(1);
    const { sql, params } = calls[0];
    expect(jobId).toBe('job-1');
    expect(sql).toContain('w0 AS (INSERT INTO a (x, y) VALUES ($1, $2))');
    expect(sql).toContain('w1 AS (UPDATE b SET z = $4 WHERE id = $3)');
    expect(sql).toContain(
      `w2 AS (INSERT INTO jobs (id, type, payload, status) VALUES ($5, $6, $7, 'queued') ON CONFLICT (id) DO NOTHING RETURNING id)`,
    );
    expect(sql).toContain(
      'w3 AS (INSERT INTO outbox (id, type, payload) SELECT id, $8::text, $9::jsonb FROM w2 RETURNING id, type, payload)',
    );
    expect(sql).toContain('unnest($10::text[], $11::text[], $12::jsonb[])');
    // One wake-up for the relay, whichever outbox part wrote a row, carrying the rows of both.
    expect(sql.match(/pg_notify/g)).toHaveLength(1);
    expect(sql).toContain('unnest($10::text[], $11::text[], $12::jsonb[]) RETURNING id, type, payload)');
    expect(sql).toContain("json_agg(json_build_object('id', r.id, 'type', r.type, 'payload', r.payload) ORDER BY r.id)");
    expect(sql).toContain('(SELECT id, type, payload FROM w3 UNION ALL SELECT id, type, payload FROM w4)');
    expect(params.slice(0, 7)).toEqual(['x', 'y', 'b1', 'z', 'job-1', 'test.job', '{"a":1}']);
    expect(params[7]).toBe('jobs.test.job');
    expect(JSON.parse(params[8] as string)).toEqual({ jobId: 'job-1', payload: { a: 1 } });
    expect(params[10]).toEqual(['events.test.happened', 'events.test.happened']);
    expect((params[11] as string[]).map((p) => JSON.parse(p) as unknown)).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('queues a coalesced job with an outbox row of its own id, written only when the job row says to publish', async () => {
    const { manager, calls } = recordingManager();
    const batch = new WriteBatch();
    expect(batch.coalescedJob('test.job', { a: 1 }, { jobId: 'job-1' })).toBe('job-1');
    await batch.run(manager);
    const { sql, params } = calls[0];
    expect(sql).toContain("w0 AS (INSERT INTO jobs (id, type, payload, status) VALUES ($1, $2, $3, 'queued')");
    expect(sql).toContain('RETURNING id, started_at IS NULL AS publish)');
    expect(sql).toContain('SELECT $4::text, $5::text, $6::jsonb FROM w0 WHERE publish RETURNING id, type, payload)');
    expect(params.slice(0, 3)).toEqual(['job-1', 'test.job', '{"a":1}']);
    // The message id is new (the job's next message must not be dropped as a duplicate), the envelope names the job.
    expect(params[3]).not.toBe('job-1');
    expect(JSON.parse(params[5] as string)).toEqual({ jobId: 'job-1', payload: { a: 1 } });
  });

  it("answers the returning part's rows", async () => {
    const { manager, calls } = recordingManager([{ notified: 0, returned: [{ id: 's1' }] }]);
    const rows = await new WriteBatch()
      .add('INSERT INTO a (x) VALUES ($1)', ['x'])
      .add('UPDATE s SET r = $2 WHERE id = $1 AND r = $3 RETURNING id', ['s1', 'r2', 'r1'], { returning: true })
      .run(manager);
    expect(rows).toEqual([{ id: 's1' }]);
    expect(calls[0].sql).toContain('(SELECT json_agg(r) FROM w1 r) AS returned');
    expect(calls[0].sql).not.toContain('pg_notify');
  });

  it('sends nothing when empty', async () => {
    const { manager, calls } = recordingManager();
    expect(await new WriteBatch().run(manager)).toEqual([]);
    expect(calls).toHaveLength(0);
  });

  it('refuses a part naming a parameter it was not given', () => {
    expect(() => new WriteBatch().add('INSERT INTO a (x) VALUES ($2)', ['x'])).toThrow('$2 has no parameter');
  });

  it('checks each guard part, in the order added, before the outbox parts, failing the statement when it changed no row', async () => {
    const { manager, calls } = recordingManager();
    const batch = new WriteBatch()
      .add('INSERT INTO a (x) VALUES ($1)', ['x'])
      .guard('change-request', 'UPDATE c SET s = $2 WHERE id = $1 AND s = $3 RETURNING id', ['c1', 'merged', 'open'])
      .guard('space-revision', 'UPDATE s SET r = $2 WHERE id = $1 AND r = $3 RETURNING id', ['s1', 'r2', 'r1']);
    batch.event('events.test.happened', { n: 1 });
    await batch.run(manager);

    const { sql, params } = calls[0];
    expect(sql).toContain('w1 AS (UPDATE c SET s = $3 WHERE id = $2 AND s = $4 RETURNING id)');
    expect(sql).toContain('w2 AS (UPDATE s SET r = $6 WHERE id = $5 AND r = $7 RETURNING id)');
    const select = sql.slice(sql.lastIndexOf('\nSELECT '));
    expect(select).toMatch(
      /^\nSELECT \(SELECT CASE WHEN count\(\*\) = 0 THEN \('write batch guard failed: change-request \(' \|\| count\(\*\) \|\| ' rows\)'\)::int END FROM w1\) AS guard0, \(SELECT CASE WHEN count\(\*\) = 0 THEN \('write batch guard failed: space-revision \(' \|\| count\(\*\) \|\| ' rows\)'\)::int END FROM w2\) AS guard1, \(SELECT count/,
    );
    expect(params.slice(0, 7)).toEqual(['x', 'c1', 'merged', 'open', 's1', 'r2', 'r1']);
  });

  it('refuses a guard name that is not a plain word, and the same guard twice', () => {
    expect(() => new WriteBatch().guard("x' || 1", 'UPDATE c SET s = 1 RETURNING id')).toThrow('must match');
    const batch = new WriteBatch().guard('cr', 'UPDATE c SET s = 1 RETURNING id');
    expect(() => batch.guard('cr', 'UPDATE c SET s = 2 RETURNING id')).toThrow('already in the batch');
  });

  it("recognises a guard's failure as Postgres reports it, by guard name", () => {
    const failed = {
      code: '22P02',
      message: 'invalid input syntax for type integer: "write batch guard failed: space-revision (0 rows)"',
    };
    expect(isGuardFailure(failed)).toBe(true);
    expect(isGuardFailure(failed, 'space-revision')).toBe(true);
    expect(isGuardFailure(failed, 'space')).toBe(false);
    expect(isGuardFailure({ driverError: failed, code: undefined }, 'space-revision')).toBe(true);
    expect(isGuardFailure({ code: '22P02', message: 'invalid input syntax for type integer: "abc"' })).toBe(false);
    expect(isGuardFailure({ code: '23502', message: failed.message })).toBe(false);
    expect(isGuardFailure(new Error('boom'))).toBe(false);
    expect(isGuardFailure(undefined)).toBe(false);
  });
});
