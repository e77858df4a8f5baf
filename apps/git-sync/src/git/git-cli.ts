import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';

/** Options every git command runs with: http(s) only, no hooks, no prompts, no system/global config. */
const SAFE_CONFIG = [
  '-c',
  'protocol.allow=never',
  '-c',
  'protocol.https.allow=always',
  '-c',
  'protocol.http.allow=always',
  '-c',
  'core.hooksPath=/dev/null',
  '-c',
  'core.symlinks=false',
  '-c',
  'core.fsmonitor=false',
  '-c',
  'credential.helper=',
  '-c',
  'http.followRedirects=false',
  // A remote that stalls (under 1 KB/s for 60 s) is given up by git itself.
  '-c',
  'http.lowSpeedLimit=1000',
  '-c',
  'http.lowSpeedTime=60',
];

/** A failed git command; `message` is already free of credentials (git never sees them in argv or a URL). */
export class GitError extends Error {}

export interface GitRunOptions {
  cwd?: string;
  /** Extra config for this command (e.g. `http.curloptResolve`), as key/value pairs. */
  config?: Record<string, string>;
  /** Basic-auth credentials, passed as an `http.extraHeader` through the environment, never in argv. */
  credentials?: { username?: string; password?: string };
  timeoutMs: number;
  input?: Buffer | string;
  signal?: AbortSignal;
}

/** Runs `git <args>` and returns stdout; throws GitError with git's last stderr lines on failure. */
export function git(args: string[], options: GitRunOptions): Promise<Buffer> {
  const extra = Object.entries(options.config ?? {}).flatMap(([key, value]) => ['-c', `${key}=${value}`]);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: '/nonexistent',
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_ASKPASS: '/bin/false',
    GIT_AUTHOR_NAME: 'Bindery',
    GIT_AUTHOR_EMAIL: 'git-sync@bindery.invalid',
    GIT_COMMITTER_NAME: 'Bindery',
    GIT_COMMITTER_EMAIL: 'git-sync@bindery.invalid',
    LANG: 'C',
  };
  // Every repository of ours is its own directory: a broken one must fail, never make git find an
  // enclosing repository (the data directory may sit inside a checkout) and work on that instead.
  if (options.cwd) env.GIT_CEILING_DIRECTORIES = dirname(resolve(options.cwd));
  const { username, password } = options.credentials ?? {};
  if (username !== undefined || password !== undefined) {
    const token = Buffer.from(`${username ?? ''}:${password ?? ''}`).toString('base64');
    env.GIT_CONFIG_COUNT = '1';
    env.GIT_CONFIG_KEY_0 = 'http.extraHeader';
    env.GIT_CONFIG_VALUE_0 = `Authorization: Basic ${token}`;
  }
  return new Promise((resolve, reject) => {
    // Its own process group: git runs helpers (git-remote-http) that hold the pipes open, so a
    // timeout or an abort kills the whole group, not git alone.
    const child = spawn('git', [...SAFE_CONFIG, ...extra, ...args], {
      cwd: options.cwd,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    const kill = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString('utf8')).slice(-4000);
    });
    const timer = setTimeout(kill, options.timeoutMs);
    const onAbort = kill;
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new GitError(`git could not run: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (code === 0) return resolve(Buffer.concat(out));
      if (signal === 'SIGKILL' && !options.signal?.aborted)
        return reject(new GitError(`git ${args[0]} took over ${options.timeoutMs} ms and was stopped`));
      reject(new GitError(`git ${args[0]} failed: ${lastLines(err)}`));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}

function lastLines(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('hint:'));
  return lines.slice(-2).join(' / ') || 'no message';
}

/** A tree entry of `git ls-tree -r -l`. */
export interface TreeEntry {
  mode: string;
  type: string;
  oid: string;
  size: number;
  path: string;
}

export function parseLsTree(output: Buffer): TreeEntry[] {
  // -z: NUL-separated, paths unquoted.
  return output
    .toString('utf8')
    .split('\0')
    .filter(Boolean)
    .map((line) => {
      const tab = line.indexOf('\t');
      const [mode, type, oid, size] = line.slice(0, tab).split(/\s+/);
      return { mode, type, oid, size: size === '-' ? 0 : Number(size), path: line.slice(tab + 1) };
    });
}

/** Contents of many blobs at once (`git cat-file --batch`), by oid. */
export async function readBlobs(cwd: string, oids: string[], timeoutMs: number): Promise<Map<string, Buffer>> {
  const result = new Map<string, Buffer>();
  const unique = [...new Set(oids)];
  if (unique.length === 0) return result;
  const out = await git(['cat-file', '--batch'], { cwd, timeoutMs, input: unique.join('\n') + '\n' });
  let at = 0;
  while (at < out.length) {
    const eol = out.indexOf(10, at);
    const header = out.subarray(at, eol).toString('utf8');
    const [oid, , size] = header.split(' ');
    const length = Number(size);
    if (!Number.isFinite(length)) throw new GitError(`git cat-file: unexpected answer for ${oid}`);
    result.set(oid, out.subarray(eol + 1, eol + 1 + length));
    at = eol + 1 + length + 1;
  }
  return result;
}
