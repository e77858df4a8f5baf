import type { Pool, QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * Runs a hot read straight on the data source's pg pool (no TypeORM query runner around it). On a
 * service data source every parameterised statement is a named prepared statement already (see
 * `preparingClientClass`), so this one is too; `name` is kept for the callers as a label only: the
 * connection names the statement itself, within its bound and with its stale-statement retry.
 */
export async function preparedQuery<Row extends QueryResultRow>(
  dataSource: DataSource,
  _name: string,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  // TypeORM's Postgres driver exposes its pg Pool as `master`.
  const pool = (dataSource.driver as unknown as { master: Pool }).master;
  const result = await pool.query<Row>(text, values);
  return result.rows;
}
