import type { DataSource } from 'typeorm';
import { addScrapedGauge } from './metrics';

interface PgPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** Connections of the service's Postgres pool, by state (in use, idle, clients waiting for one). */
export function watchPool(dataSource: DataSource): void {
  const pool = (dataSource.driver as unknown as { master?: PgPool }).master;
  if (!pool || typeof pool.totalCount !== 'number') return;
  addScrapedGauge('bindery_db_pool_connections', "Connections of the service's Postgres pool, by state", ['state'], () =>
    Promise.resolve([
      { labels: { state: 'in_use' }, value: pool.totalCount - pool.idleCount },
      { labels: { state: 'idle' }, value: pool.idleCount },
      { labels: { state: 'waiting' }, value: pool.waitingCount },
    ]),
  );
}
