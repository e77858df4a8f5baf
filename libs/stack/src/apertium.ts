import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { startProcess, waitForPort } from './processes';

/** Where Debian's language pairs (apertium-eng-spa, …) install their modes. */
export const APERTIUM_MODES_DIR = '/usr/share/apertium/modes';

/** True when `apertium-apy` and at least one pair are installed (scripts/ensure-deps.sh installs them). */
export function apertiumInstalled(): boolean {
  return spawnSync('sh', ['-c', 'command -v apertium-apy'], { stdio: 'ignore' }).status === 0 && existsSync(APERTIUM_MODES_DIR);
}

/**
 * Starts Apertium's HTTP server for the translations service, like Postgres and NATS. APY has no
 * bind-address option (it listens on every interface of the port); the stack's apps reach it on
 * loopback. Two pipelines per pair let a run's concurrent requests use both cores.
 */
export async function startApertium(port: number, logFile: string): Promise<ChildProcess> {
  const child = startProcess('apertium-apy', ['-p', String(port), '-i', '2', '-u', '2', APERTIUM_MODES_DIR], logFile, process.env);
  await waitForPort(port, 30_000);
  return child;
}
