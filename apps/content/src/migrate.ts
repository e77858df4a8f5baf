import 'reflect-metadata';
import { loadConfig, runMain, runMigrations, ServiceEnv } from '@bindery/platform';
import { CONTENT_SCHEMA, createContentDataSource } from './database/data-source';

/** `node dist/migrate.js`: applies content's pending migrations with its own DATABASE_URL. */
runMain(async () => {
  const { DATABASE_URL } = loadConfig(ServiceEnv);
  const dataSource = await createContentDataSource(DATABASE_URL).initialize();
  try {
    await runMigrations(dataSource, CONTENT_SCHEMA);
  } finally {
    await dataSource.destroy();
  }
});
