import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalStack } from '@bindery/stack';

/** Where the test processes find the infrastructure the global setup started (its data directory). */
export const SERVICE_ALONE_DIR_ENV = 'BINDERY_SERVICE_ALONE_DIR';

/**
 * Vitest global setup of the service-alone tier: one Postgres cluster (every service's schema and
 * role provisioned) and one nats-server with the stack's users, on free ports, for the whole run.
 * No app is started: each test file boots the one service it tests, in its own process.
 * Test files run in forked processes that inherit the environment variable set here.
 */
export default async function setup(): Promise<() => Promise<void>> {
  // Several projects of one run (the root config) share what the first of them started.
  if (process.env[SERVICE_ALONE_DIR_ENV]) return () => Promise.resolve();
  const dataDir = mkdtempSync(join(tmpdir(), 'bindery-int-'));
  process.env.BINDERY_PG_FSYNC = 'off';
  const stack = await LocalStack.prepare({ dataDir });
  try {
    await stack.startInfrastructure();
  } catch (error) {
    await stack.stop().catch(() => undefined);
    throw error;
  }
  process.env[SERVICE_ALONE_DIR_ENV] = dataDir;
  return async () => {
    await stack.stop();
    if (!process.env.BINDERY_KEEP_TEST_DATA) rmSync(dataDir, { recursive: true, force: true });
  };
}
