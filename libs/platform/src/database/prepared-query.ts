import type { Pool, QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * Runs a named prepared statement on the data source's pg pool. Postgres parses and plans it once
 * per connection instead of on every call: worth it only for the hottest reads. `name` must be
 * unique per statement text.
 */
export async function preparedQuery<Row extends QueryResultRow>(
  dataSource: DataSource,
  name: string,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  // TypeORM's Postgres driver exposes its pg Pool as `master`.
  const pool = (dataSource.driver as unknown as { master: Pool }).master;
  const result = await pool.query<Row>({ name, text, values });
  return result.rows;
}
