import { serviceAloneEnv } from '@bindery/testing/service-alone';
import { Client } from 'pg';
import type { QueryRunner } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { PositionKeys1767620000000 } from '../../src/database/migrations/1767620000000-PositionKeys';

interface Row {
  id: string;
  organization_id: string;
  parent_id: string | null;
  position: number;
}

/**
 * Runs content's PositionKeys migration on temporary copies of its tables, with content's role:
 * temporary tables come first in Postgres's search path, so the migration's unqualified names
 * reach them. (Moved from the end-to-end suite, which had to run it in a child Node process.)
 */
async function migrate(rows: Row[]): Promise<{ rows: Array<Omit<Row, 'position'> & { position: string }>; collations: string[] }> {
  const db = new Client({ connectionString: (await serviceAloneEnv('content')).DATABASE_URL });
  await db.connect();
  try {
    await db.query(
      'CREATE TEMP TABLE spaces (id text PRIMARY KEY, organization_id text NOT NULL, parent_id text, position double precision NOT NULL, deleted_at timestamptz)',
    );
    await db.query(
      'CREATE TEMP TABLE collections (id text PRIMARY KEY, organization_id text NOT NULL, parent_id text, position double precision NOT NULL)',
    );
    await db.query(
      'INSERT INTO spaces (id, organization_id, parent_id, position) SELECT * FROM json_to_recordset($1) AS r(id text, organization_id text, parent_id text, position double precision)',
      [JSON.stringify(rows)],
    );
    const runner = { query: (sql: string, params?: unknown[]) => db.query<Record<string, unknown>>(sql, params).then((r) => r.rows) };
    await new PositionKeys1767620000000().up(runner as unknown as QueryRunner);
    const after = await db.query<Omit<Row, 'position'> & { position: string }>(
      'SELECT id, organization_id, parent_id, position FROM spaces ORDER BY organization_id, parent_id NULLS FIRST, position, id',
    );
    const collations = await db.query<{ collation_name: string }>(
      "SELECT collation_name FROM information_schema.columns WHERE column_name = 'position' AND table_schema LIKE 'pg_temp%' ORDER BY table_name",
    );
    return { rows: after.rows, collations: collations.rows.map((r) => r.collation_name) };
  } finally {
    await db.end();
  }
}

describe('position keys migration', () => {
  it('turns float positions into keys that keep every group of siblings in its order', async () => {
    const rows: Row[] = [];
    // A group large enough to need longer keys (a0 … az, then b10 …), with ties broken by id.
    for (let i = 0; i < 150; i++) {
      rows.push({ id: `s${String(i).padStart(3, '0')}`, organization_id: 'org1', parent_id: null, position: Math.round(Math.sin(i) * 40) });
    }
    // Floats as the old code left them: creation timestamps and midpoints crowding one neighbour.
    const base = 1_767_000_000_000;
    [base, base + 0.5, base + 0.25, base + 2 ** -20, -1e-300, 1e300].forEach((position, i) =>
      rows.push({ id: `c${i}`, organization_id: 'org1', parent_id: 'col1', position }),
    );
    rows.push(
      { id: 'o1', organization_id: 'org2', parent_id: null, position: 7 },
      { id: 'o2', organization_id: 'org2', parent_id: null, position: -7 },
    );

    const { rows: migrated, collations } = await migrate(rows);

    const group = (r: { organization_id: string; parent_id: string | null }) => `${r.organization_id}/${r.parent_id ?? ''}`;
    const orderBefore = new Map<string, string[]>();
    for (const r of [...rows].sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : 1))) {
      orderBefore.set(group(r), [...(orderBefore.get(group(r)) ?? []), r.id]);
    }
    const orderAfter = new Map<string, string[]>();
    for (const r of migrated) orderAfter.set(group(r), [...(orderAfter.get(group(r)) ?? []), r.id]);
    expect(orderAfter).toEqual(orderBefore);
    expect(new Set(migrated.map((r) => `${group(r)} ${r.position}`)).size).toBe(rows.length);
    expect(migrated.every((r) => /^[!-~]+$/.test(r.position))).toBe(true);
    expect(collations).toEqual(['C', 'C']);
  });
});
