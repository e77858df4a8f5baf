import { newId, runMigrations } from '@bindery/platform';
import { scratchSchema } from '@bindery/testing/service-alone';
import { DataSource } from 'typeorm';
import { contentEntities, contentMigrations } from '../../src/database/data-source';

/** A data source on a fresh scratch schema (`prefix_<random>`) with content's migrations applied. */
export async function scratchContentDataSource(prefix: string, poolSize = 2): Promise<DataSource> {
  const scratch = await scratchSchema(
    'content',
    `${prefix}_${newId()
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')}`.slice(0, 40),
  );
  const ds = new DataSource({
    type: 'postgres',
    url: scratch.url,
    schema: scratch.schema,
    entities: contentEntities,
    migrations: contentMigrations,
    migrationsTableName: 'migrations',
    extra: { max: poolSize, options: `-c search_path=${scratch.searchPath}` },
  });
  await ds.initialize();
  await runMigrations(ds, scratch.schema);
  return ds;
}
