import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { type NatsUser, renderAuthorization } from './nats-permissions';
import { startProcess, waitForPort } from './processes';

/** Largest message: a 10,000-page tree with bodies is ~16 MB (same value as deploy/nats/nats.conf). */
export const NATS_MAX_PAYLOAD = 64 * 1024 * 1024;

/**
 * Starts nats-server with JetStream on loopback, its store under the data directory, and one user
 * per app (passwords from the stack's secrets; the config file is readable by its owner only).
 */
export async function startNats(
  port: number,
  storeDir: string,
  logFile: string,
  users: NatsUser[],
  passwordOf: (user: string) => string,
): Promise<ChildProcess> {
  mkdirSync(storeDir, { recursive: true });
  const config = join(dirname(storeDir), 'nats.conf');
  const auth = renderAuthorization(users, (user) => JSON.stringify(passwordOf(user)));
  writeFileSync(
    config,
    `listen: "127.0.0.1:${port}"\nmax_payload: ${NATS_MAX_PAYLOAD}\njetstream {\n  store_dir: "${storeDir}"\n}\n${auth}`,
    {
      mode: 0o600,
    },
  );
  chmodSync(config, 0o600); // a file written by an earlier version may be readable by others
  const child = startProcess('nats-server', ['-c', config], logFile, process.env);
  await waitForPort(port);
  return child;
}
