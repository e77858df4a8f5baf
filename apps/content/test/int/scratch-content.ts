import { newId, runMigrations } from '@bindery/platform';
import { scratchSchema } from '@bindery/testing/service-alone';
import { DataSource } from 'typeorm';
import { contentEntities, contentMigrations } from '../../src/database/data-source';

export type ScratchSchema = Awaited<ReturnType<typeof scratchSchema>>;

/** A fresh, empty scratch schema named `prefix_<random>` (content's extensions reachable). */
export function scratchContentSchema(prefix: string): Promise<ScratchSchema> {
  return scratchSchema(
    'content',
    `${prefix}_${newId()
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')}`.slice(0, 40),
  );
}

/** A data source on `scratch` as `createServiceDataSource` builds content's, knowing `migrations` (not run). */
export async function contentDataSourceOn(
  scratch: ScratchSchema,
  migrations: typeof contentMigrations = contentMigrations,
  poolSize = 2,
): Promise<DataSource> {
  const ds = new DataSource({
    type: 'postgres',
    url: scratch.url,
    schema: scratch.schema,
    entities: contentEntities,
    migrations,
    migrationsTableName: 'migrations',
    extra: { max: poolSize, options: `-c search_path=${scratch.searchPath}` },
  });
  await ds.initialize();
  return ds;
}

/** A data source on a fresh scratch schema (`prefix_<random>`) with content's migrations applied. */
export async function scratchContentDataSource(prefix: string, poolSize = 2): Promise<DataSource> {
  const scratch = await scratchContentSchema(prefix);
  const ds = await contentDataSourceOn(scratch, contentMigrations, poolSize);
  await runMigrations(ds, scratch.schema);
  return ds;
}
