import 'reflect-metadata';
import { loadConfig, runMain, runMigrations, ServiceEnv } from '@bindery/platform';
import { createIdentityDataSource, IDENTITY_SCHEMA } from './database/data-source';

/** `node dist/migrate.js`: applies identity's pending migrations with its own DATABASE_URL. */
runMain(async () => {
  const { DATABASE_URL } = loadConfig(ServiceEnv);
  const dataSource = await createIdentityDataSource(DATABASE_URL).initialize();
  try {
    await runMigrations(dataSource, IDENTITY_SCHEMA);
  } finally {
    await dataSource.destroy();
  }
});
