import { join } from 'node:path';
import { repoRoot } from '../apps';
import { LocalStack } from '../stack';

/** `pnpm migrate`: provisions schemas and roles, then applies every service's migrations. */
async function main(): Promise<void> {
  const stack = await LocalStack.prepare({
    dataDir: process.env.BINDERY_DATA_DIR ?? join(repoRoot(), '.data'),
    postgresPort: process.env.BINDERY_PG_PORT ? Number(process.env.BINDERY_PG_PORT) : undefined,
  });
  await stack.startPostgres();
  await stack.migrate();
  console.log('Migrations applied for every service.');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
