import { execFile, spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' };
const run = promisify(execFile);

/**
 * Runs git asynchronously: the smart-HTTP server below lives in the test process, so a synchronous
 * git call here would stop it from serving the worker's fetch (and hang the test).
 */
export async function gitIn(cwd: string, ...args: string[]): Promise<string> {
  const { stdout } = await run('git', args, { cwd, env: GIT_ENV, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

/**
 * Bare repositories served over smart HTTP by `git http-backend` behind a small Node server on
 * 127.0.0.1; with `auth`, every request needs those basic-auth credentials. Each request spawns its
 * own `git http-backend` and streams both ways, so the event loop is never blocked.
 */
export class GitHttpServer {
  root = '';
  private server?: Server;
  port = 0;
  /** Authorization headers seen (to check credentials reached git and nothing else). */
  readonly authorizations: string[] = [];

  constructor(private readonly auth?: { username: string; password: string }) {}

  async start(): Promise<void> {
    this.root = await mkdtemp(join(tmpdir(), 'bindery-git-'));
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    if (req.headers.authorization) this.authorizations.push(req.headers.authorization);
    if (this.auth) {
      const expected = `Basic ${Buffer.from(`${this.auth.username}:${this.auth.password}`).toString('base64')}`;
      if (req.headers.authorization !== expected) {
        res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="git"' }).end();
        return;
      }
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const cgi = spawn('git', ['http-backend'], {
      env: {
        PATH: process.env.PATH,
        GIT_PROJECT_ROOT: this.root,
        GIT_HTTP_EXPORT_ALL: '1',
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        REQUEST_METHOD: req.method ?? 'GET',
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        REMOTE_USER: 'tester',
        REMOTE_ADDR: '127.0.0.1',
        ...(req.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: String(req.headers['content-encoding']) } : {}),
      },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    // A client that goes away (a worker killed mid-fetch) must not take the test process with it.
    const stop = () => {
      if (cgi.exitCode === null) cgi.kill('SIGKILL');
    };
    req.on('error', stop);
    res.on('close', stop);
    cgi.stdin.on('error', () => undefined);
    cgi.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(500).end()));
    req.pipe(cgi.stdin);
    // CGI answer: headers up to the blank line, then the body streamed as it comes.
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const split = head.indexOf('\r\n\r\n');
      if (split < 0) return;
      cgi.stdout.off('data', onData);
      let status = 200;
      const headers: Record<string, string> = {};
      for (const line of head.subarray(0, split).toString('utf8').split('\r\n')) {
        const at = line.indexOf(':');
        const name = line.slice(0, at).trim();
        const value = line.slice(at + 1).trim();
        if (name.toLowerCase() === 'status') status = Number(value.split(' ')[0]);
        else if (name) headers[name] = value;
      }
      res.writeHead(status, headers);
      res.write(head.subarray(split + 4));
      cgi.stdout.pipe(res);
    };
    cgi.stdout.on('data', onData);
    cgi.stdout.on('end', () => {
      if (!res.headersSent) res.writeHead(502).end();
    });
  }

  /** A bare repository `name.git` whose branch `main` holds a copy of `source` (or is empty). */
  async createRepo(name: string, source?: string): Promise<string> {
    const bare = join(this.root, `${name}.git`);
    await gitIn(this.root, 'init', '-q', '--bare', '-b', 'main', bare);
    await gitIn(bare, 'config', 'http.receivepack', 'true');
    if (source) {
      const work = await this.workTree(name);
      await cp(source, work, { recursive: true });
      await this.commitAll(work, 'initial');
    }
    return bare;
  }

  /** A working clone of `name` to change and push from. */
  async workTree(name: string): Promise<string> {
    const work = join(this.root, `${name}-work-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`);
    await mkdir(work);
    await gitIn(work, 'init', '-q', '-b', 'main');
    await gitIn(work, 'remote', 'add', 'origin', join(this.root, `${name}.git`));
    try {
      await gitIn(work, 'pull', '-q', 'origin', 'main');
    } catch {
      // empty repository
    }
    return work;
  }

  async commitAll(work: string, message: string): Promise<void> {
    await gitIn(work, 'add', '-A');
    await gitIn(work, 'commit', '-q', '-m', message);
    await gitIn(work, 'push', '-q', 'origin', 'HEAD:refs/heads/main');
  }

  url(name: string, credentials = ''): string {
    return `http://${credentials}127.0.0.1:${this.port}/${name}.git`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    await rm(this.root, { recursive: true, force: true });
  }
}
