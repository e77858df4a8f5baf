import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { startProcess, waitForPort } from './processes';

/** Largest message: a 10,000-page tree with bodies is ~16 MB (same value as deploy/nats/nats.conf). */
export const NATS_MAX_PAYLOAD = 64 * 1024 * 1024;

/** Starts nats-server with JetStream on loopback, its store under the data directory. */
export async function startNats(port: number, storeDir: string, logFile: string): Promise<ChildProcess> {
  mkdirSync(storeDir, { recursive: true });
  const config = join(dirname(storeDir), 'nats.conf');
  writeFileSync(config, `listen: "127.0.0.1:${port}"\nmax_payload: ${NATS_MAX_PAYLOAD}\njetstream {\n  store_dir: "${storeDir}"\n}\n`);
  const child = startProcess('nats-server', ['-c', config], logFile, process.env);
  await waitForPort(port);
  return child;
}
