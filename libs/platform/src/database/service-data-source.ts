import { DataSource, type MixedList } from 'typeorm';
import { logger } from '../logging/logger';

export interface ServiceDataSourceOptions {
  /** Connection URL of the service's own role (it has rights on its schema only). */
  url: string;
  /** The Postgres schema the service owns; also holds its `migrations` table. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  poolSize?: number;
}

/** One TypeORM data source per service schema; never synchronize, migrations only. */
export function createServiceDataSource(options: ServiceDataSourceOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    applicationName: `bindery-${options.schema}`,
    extra: {
      max: options.poolSize ?? 10,
      // Unqualified names resolve in the service's schema only.
      options: `-c search_path=${options.schema}`,
    },
  });
}

/**
 * Applies pending migrations. An advisory lock keyed on the schema lets several replicas start
 * at once without running the same migration twice.
 */
export async function runMigrations(dataSource: DataSource, schema: string): Promise<number> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`bindery.migrate.${schema}`]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    if (applied.length > 0) logger.info({ schema, migrations: applied.map((m) => m.name) }, 'migrations applied');
    return applied.length;
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`bindery.migrate.${schema}`]).catch(() => undefined);
    await runner.release();
  }
}
