import { mkdirSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { startProcess, waitForPort } from './processes';

/** Starts nats-server with JetStream on loopback, its store under the data directory. */
export async function startNats(port: number, storeDir: string, logFile: string): Promise<ChildProcess> {
  mkdirSync(storeDir, { recursive: true });
  const child = startProcess('nats-server', ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], logFile, process.env);
  await waitForPort(port);
  return child;
}
