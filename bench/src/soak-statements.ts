import { adminUrl, DATABASE } from '@bindery/stack';
import { controlTestStack, testStack } from '@bindery/testing';
import { Client } from 'pg';
import { eachSoakOperation, Http, seed } from './soak-workload';

const REPEAT = Number(process.env.BENCH_STATEMENTS_REPEAT ?? 20);
/** Background work an operation starts (outbox relay, consumers, the search-index job) is counted with it. */
const SETTLE_MS = Number(process.env.BENCH_STATEMENTS_SETTLE_MS ?? 3000);

interface StatementRow {
  role: string;
  calls: number;
  /** Planner runs (0 unless `pg_stat_statements.track_planning` is on, as this bench sets it for its run). */
  plans: number;
  query: string;
}

/**
 * `pnpm bench soak-statements`: the soak's operations one at a time, each REPEAT times on a
 * quiet stack, and the Postgres statements (round trips, `BEGIN`/`COMMIT` included) each costs
 * per request, by service role, with the statements behind them, and how many of them Postgres
 * planned (a named prepared statement whose generic plan is cached is executed without planning).
 * Unlike req/s, these counts do not depend on the machine's load, so a change to a write path or to
 * statement preparation can be compared before/after.
 */
export async function soakStatementsBench(): Promise<string[]> {
  const { gatewayUrl, adminToken, adminOrganizationId } = testStack();
  const http = new Http(gatewayUrl, adminToken);
  const [space] = await seed(http, adminOrganizationId, 1);
  const client = new Client({ connectionString: adminUrl((await controlTestStack()).state.postgres, DATABASE) });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    // Planner runs are counted for this bench only: the setting slows concurrent planning (libs/stack postgres.ts).
    await client.query('ALTER SYSTEM SET pg_stat_statements.track_planning = on');
    await client.query('SELECT pg_reload_conf()');
    const lines = [
      `statements and plans per request (${REPEAT} requests each, background work settled ${SETTLE_MS} ms), by service role:`,
      `  ${'operation'.padEnd(22)} ${'stmts'.padStart(6)} ${'plans'.padStart(6)}   statements by role`,
    ];
    const details: string[] = [];
    const measure = async (operation: string, run: (i: number) => Promise<unknown>): Promise<void> => {
      await settle();
      await client.query('SELECT pg_stat_statements_reset()');
      for (let i = 0; i < REPEAT; i++) await run(i);
      await settle();
      const rows = await statements(client);
      const byRole = new Map<string, number>();
      for (const row of rows) byRole.set(row.role, (byRole.get(row.role) ?? 0) + row.calls);
      const total = [...byRole.values()].reduce((a, b) => a + b, 0);
      const plans = rows.reduce((sum, row) => sum + row.plans, 0);
      lines.push(
        `  ${operation.padEnd(22)} ${(total / REPEAT).toFixed(1).padStart(6)} ${(plans / REPEAT).toFixed(1).padStart(6)}   ` +
          [...byRole]
            .sort(([, a], [, b]) => b - a)
            .map(([role, calls]) => `${role} ${(calls / REPEAT).toFixed(1)}`)
            .join(' / '),
      );
      details.push(`${operation}:`);
      for (const row of rows.filter((r) => r.calls / REPEAT >= 0.1))
        details.push(
          `  ${(row.calls / REPEAT).toFixed(2).padStart(6)} ${(row.plans / REPEAT).toFixed(2).padStart(6)} ${row.role.padEnd(14)} ` +
            row.query.replace(/\s+/g, ' ').slice(0, 200),
        );
    };

    await eachSoakOperation(http, space, 's', measure);
    return [...lines, 'statements per request, by operation (calls and plans per request, role, statement):', ...details];
  } finally {
    await client.query('ALTER SYSTEM RESET pg_stat_statements.track_planning').catch(() => undefined);
    await client.query('SELECT pg_reload_conf()').catch(() => undefined);
    await client.end();
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

async function statements(client: Client): Promise<StatementRow[]> {
  const result = await client.query<{ role: string; calls: string; plans: string; query: string }>(
    `SELECT regexp_replace(r.rolname, '^bindery_', '') AS role, s.calls, s.plans, s.query
       FROM pg_stat_statements s JOIN pg_roles r ON r.oid = s.userid
      WHERE s.dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND s.query NOT LIKE '%pg_stat_statements%'
      ORDER BY r.rolname, s.calls DESC`,
  );
  return result.rows.map((row) => ({ role: row.role, calls: Number(row.calls), plans: Number(row.plans), query: row.query }));
}
