import type { DataSource } from 'typeorm';
import { loadConfig, ServiceEnv } from '../config/load-config';
import { runMain } from '../process/run-main';
import { runMigrations } from './service-data-source';

/**
 * A service's `migrate.ts` (`node dist/migrate.js`): applies its pending migrations with its own
 * DATABASE_URL, then closes the pool.
 */
export function migrateMain(schema: string, createDataSource: (databaseUrl: string) => DataSource): void {
  runMain(async () => {
    const { DATABASE_URL } = loadConfig(ServiceEnv);
    const dataSource = await createDataSource(DATABASE_URL).initialize();
    try {
      await runMigrations(dataSource, schema);
    } finally {
      await dataSource.destroy();
    }
  });
}
