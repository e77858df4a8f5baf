import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { appEntry, repoRoot, SERVICES } from '../apps';
import { LocalStack } from '../stack';

/**
 * `pnpm cli …`: runs identity's operator CLI against the local stack's database, so a developer
 * needs no connection string. In production run `node apps/identity/dist/cli/main.js` with DATABASE_URL.
 */
async function main(): Promise<number> {
  const stack = await LocalStack.prepare({ dataDir: process.env.BINDERY_DATA_DIR ?? join(repoRoot(), '.data') });
  const identity = SERVICES.find((s) => s.name === 'identity')!;
  const result = spawnSync(process.execPath, [appEntry(identity, 'cli/main.js'), ...process.argv.slice(2)], {
    env: { ...stack.envFor(identity), ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}) },
    stdio: 'inherit',
  });
  return result.status ?? 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => (console.error(error), process.exit(1)),
);
