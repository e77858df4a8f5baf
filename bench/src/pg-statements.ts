import { adminUrl, DATABASE } from '@bindery/stack';
import { controlTestStack } from '@bindery/testing';
import { Client } from 'pg';

/**
 * The stack's `pg_stat_statements` (preloaded by libs/stack when installed): `reset` before a
 * load, `top` after it, so a benchmark can name the statements its Postgres time went to.
 * Quietly empty when the extension is not available.
 */
async function withAdmin<T>(use: (client: Client) => Promise<T>): Promise<T | undefined> {
  const stack = await controlTestStack();
  const client = new Client({ connectionString: adminUrl(stack.state.postgres, DATABASE) });
  try {
    await client.connect();
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    return await use(client);
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function resetStatementStatistics(): Promise<void> {
  await withAdmin((client) => client.query('SELECT pg_stat_statements_reset()'));
}

/** The `limit` statements with the most total execution time since the last reset. */
export async function topStatements(limit = 15): Promise<string[]> {
  const rows = await withAdmin(async (client) => {
    const result = await client.query<{ total_ms: number; calls: string; plans: string; mean_ms: number; rows: string; query: string }>(
      `SELECT total_exec_time AS total_ms, calls, plans, mean_exec_time AS mean_ms, rows, query
         FROM pg_stat_statements
        WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
        ORDER BY total_exec_time DESC LIMIT $1`,
      [limit],
    );
    return result.rows;
  });
  if (!rows?.length) return ['pg_stat_statements: not available'];
  return [
    'top statements by total time (pg_stat_statements): total ms / calls / plans / mean ms / rows — query',
    ...rows.map(
      (r) =>
        `  ${Math.round(r.total_ms).toString().padStart(8)} / ${r.calls.padStart(7)} / ${r.plans.padStart(7)} / ${r.mean_ms.toFixed(2).padStart(7)} / ${r.rows.padStart(7)} — ` +
        r.query.replace(/\s+/g, ' ').slice(0, 220),
    ),
  ];
}
