import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchContentDataSource } from './scratch-content';

// Content's jobs table after its migrations: every statement on it reads and writes a job by id
// (or prunes by status), so its primary key is its only index, and a job row's updates (queued
// again, started, succeeded) can all be HOT: no index entry written per update.
let ds: DataSource;

beforeAll(async () => {
  ds = await scratchContentDataSource('jobs_table', 2);
});

afterAll(async () => {
  if (ds?.isInitialized) await ds.destroy();
});

describe('the jobs table', () => {
  it('has its primary key as its only index', async () => {
    const rows: Array<{ name: string }> = await ds.query(
      `SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = 'jobs'::regclass ORDER BY 1`,
    );
    expect(rows.map((r) => r.name)).toEqual(['jobs_pkey']);
  });
});
