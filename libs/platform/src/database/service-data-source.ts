import { DataSource, type MixedList } from 'typeorm';
import { logger } from '../logging/logger';
import { servicePoolOptions } from './pool-options';
import { retryStaleTransaction } from './prepared-statements';
import { preparingClientClass, type StatementPreparation } from './preparing-client';

export interface ServiceDataSourceOptions {
  /** Connection URL of the service's own role (it has rights on its schema only). */
  url: string;
  /** The Postgres schema the service owns; also holds its `migrations` table. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  /** Connections open at most (default `DEFAULT_POOL_SIZE`); idle ones are kept as `servicePoolOptions` says. */
  poolSize?: number;
  /** Named prepared statements per connection (default 100; 0 runs every statement unnamed). */
  maxPreparedStatements?: number;
}

/** Each service data source's switch for its connections' statement preparation (see `runMigrations`). */
const preparations = new WeakMap<DataSource, StatementPreparation>();

/**
 * One TypeORM data source per service schema; never synchronize, migrations only. Its connections
 * run every parameterised statement as a named prepared statement (see `preparingClientClass`).
 */
export function createServiceDataSource(options: ServiceDataSourceOptions): DataSource {
  const preparation: StatementPreparation = { enabled: true, maxNamed: options.maxPreparedStatements ?? 100 };
  const dataSource = new DataSource({
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
      ...servicePoolOptions(options.poolSize),
      // Unqualified names resolve in the service's schema only.
      options: `-c search_path=${options.schema}`,
      // pg-pool's option for the class of its connections.
      Client: preparingClientClass(preparation),
    },
  });
  preparations.set(dataSource, preparation);
  // A named statement gone stale inside a transaction (another replica migrated) aborted it: run the
  // whole transaction once more. Nested transactions (savepoints) run on their own managers and are not retried.
  const manager = dataSource.manager;
  const transaction = manager.transaction.bind(manager) as (...args: unknown[]) => Promise<unknown>;
  manager.transaction = (...args: unknown[]) => retryStaleTransaction(() => transaction(...args));
  return dataSource;
}

/**
 * Applies pending migrations. An advisory lock keyed on the schema lets several replicas start
 * at once without running the same migration twice.
 */
export async function runMigrations(dataSource: DataSource, schema: string): Promise<number> {
  // Migrations and their bookkeeping run unnamed: a one-off statement gains nothing from a name.
  const preparation = preparations.get(dataSource);
  if (preparation) preparation.enabled = false;
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
    if (preparation) preparation.enabled = true;
  }
}
