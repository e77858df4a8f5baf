import { devDataPath } from '@bindery/testing';
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The GitBook-format repository the issue gives (not a git repository itself: tests commit it). */
export const DEV_REPO = devDataPath('gitbook-dev', 'beefree-sdk-docs');

const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' };

export const gitIn = (cwd: string, ...args: string[]): string => execFileSync('git', args, { cwd, env: GIT_ENV, encoding: 'utf8' });

/**
 * Bare repositories served over smart HTTP by `git http-backend` behind a small Node server on
 * 127.0.0.1; with `auth`, every request needs those basic-auth credentials.
 */
export class GitHttpServer {
  readonly root = mkdtempSync(join(tmpdir(), 'bindery-git-'));
  private server?: Server;
  port = 0;
  /** Authorization headers seen (to check credentials reached git and nothing else). */
  readonly authorizations: string[] = [];

  constructor(private readonly auth?: { username: string; password: string }) {}

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
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
      });
      req.pipe(cgi.stdin);
      const chunks: Buffer[] = [];
      cgi.stdout.on('data', (c: Buffer) => chunks.push(c));
      cgi.on('close', () => {
        const out = Buffer.concat(chunks);
        const split = out.indexOf('\r\n\r\n');
        const head = out.subarray(0, split).toString('utf8');
        let status = 200;
        const headers: Record<string, string> = {};
        for (const line of head.split('\r\n')) {
          const at = line.indexOf(':');
          const name = line.slice(0, at).trim();
          const value = line.slice(at + 1).trim();
          if (name.toLowerCase() === 'status') status = Number(value.split(' ')[0]);
          else if (name) headers[name] = value;
        }
        res.writeHead(status, headers).end(out.subarray(split + 4));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** A bare repository `name.git` whose branch `main` holds a copy of `source` (or is empty). */
  createRepo(name: string, source?: string): string {
    const bare = join(this.root, `${name}.git`);
    execFileSync('git', ['init', '-q', '--bare', '-b', 'main', bare]);
    gitIn(bare, 'config', 'http.receivepack', 'true');
    if (source) {
      const work = this.workTree(name);
      cpSync(source, work, { recursive: true });
      this.commitAll(work, 'initial');
    }
    return bare;
  }

  /** A working clone of `name` to change and push from. */
  workTree(name: string): string {
    const work = join(this.root, `${name}-work-${Date.now()}`);
    mkdirSync(work);
    gitIn(work, 'init', '-q', '-b', 'main');
    gitIn(work, 'remote', 'add', 'origin', join(this.root, `${name}.git`));
    try {
      gitIn(work, 'pull', '-q', 'origin', 'main');
    } catch {
      // empty repository
    }
    return work;
  }

  commitAll(work: string, message: string): void {
    gitIn(work, 'add', '-A');
    gitIn(work, 'commit', '-q', '-m', message);
    gitIn(work, 'push', '-q', 'origin', 'HEAD:refs/heads/main');
  }

  url(name: string, credentials = ''): string {
    return `http://${credentials}127.0.0.1:${this.port}/${name}.git`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    rmSync(this.root, { recursive: true, force: true });
  }
}
