import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { dirname } from 'node:path';

/** Runs a command to completion; throws with its output when it fails. */
export function run(command: string, args: string[], options: { user?: string; env?: NodeJS.ProcessEnv } = {}): string {
  const [cmd, argv] = asUser(command, args, options.user);
  const result = spawnSync(cmd, argv, { encoding: 'utf8', env: options.env ?? process.env });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}${result.stderr}`);
  }
  return result.stdout;
}

/** `run`, without blocking: for commands that may run side by side (each service's migrations). */
export function runAsync(command: string, args: string[], options: { env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => ((stdout += chunk.toString('utf8')), (output += chunk.toString('utf8'))));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('close', (status) => {
      if (status === 0) resolve(stdout);
      else reject(new Error(`${command} ${args.join(' ')} failed (${status}):\n${output}`));
    });
  });
}

/**
 * Starts a long-running process whose output goes straight to a log file (not through us), so it
 * keeps running and logging if the process that started it exits (a test worker, say).
 */
export function startProcess(command: string, args: string[], logFile: string, env: NodeJS.ProcessEnv, user?: string): ChildProcess {
  mkdirSync(dirname(logFile), { recursive: true });
  const log = openSync(logFile, 'a');
  const [cmd, argv] = asUser(command, args, user);
  try {
    const child = spawn(cmd, argv, { env, stdio: ['ignore', log, log] });
    child.unref();
    return child;
  } finally {
    closeSync(log);
  }
}

/** Postgres refuses to run as root, so root runs its binaries as the `postgres` user. */
function asUser(command: string, args: string[], user?: string): [string, string[]] {
  if (!user || process.getuid?.() !== 0) return [command, args];
  return ['runuser', ['-u', user, '--', command, ...args]];
}

/** Resolves once something accepts TCP connections on the port, or rejects after the deadline. */
export async function waitForPort(port: number, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(100);
  }
  throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
}

/** Asks the OS for a free TCP port on loopback. */
/**
 * A free port none of `taken` (the ports already handed out): the kernel may give the same
 * ephemeral port to two probes in a row, and two apps of one stack must not share one.
 */
export async function freePortBesides(taken: Set<number>): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (!taken.has(port)) {
      taken.add(port);
      return port;
    }
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Stops a process we started, by PID: SIGTERM, then SIGKILL after the grace period. The command
 * line must still contain `expected`, so a recycled PID of someone else's process is never hit.
 */
export async function stopPid(pid: number, expected: string, graceMs = 5000): Promise<void> {
  if (!isAlive(pid) || !commandLineOf(pid).includes(expected)) return;
  process.kill(pid, graceMs === 0 ? 'SIGKILL' : 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (isAlive(pid) && Date.now() < deadline) await sleep(50);
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function commandLineOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}
