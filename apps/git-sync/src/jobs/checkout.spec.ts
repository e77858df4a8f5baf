import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AddressPolicy, isPermanentJobError } from '@bindery/platform';
import { RepoCache } from '../git/repo-cache';
import { fetchBranch, withoutSection } from './checkout';
import { classifyFailure, LimitError } from './failures';

const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' };

/** `git http-backend` over HTTP on 127.0.0.1 (or `host`); `delayMs` slows every chunk of the answer (a slow remote). */
function serve(root: string, options: { delayMs?: number; hang?: boolean; host?: string } = {}): Promise<Server> {
  const server = createServer((req, res) => {
    if (options.hang) return; // never answers
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const cgi = spawn('git', ['http-backend'], {
      env: {
        PATH: process.env.PATH,
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: '1',
        PATH_INFO: url.pathname,
        QUERY_STRING: url.search.slice(1),
        REQUEST_METHOD: req.method ?? 'GET',
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        ...(req.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: String(req.headers['content-encoding']) } : {}),
      },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    req.pipe(cgi.stdin);
    cgi.stdin.on('error', () => undefined);
    res.on('close', () => cgi.kill('SIGKILL'));
    const chunks: Buffer[] = [];
    cgi.stdout.on('data', (c: Buffer) => chunks.push(c));
    cgi.stdout.on('end', () => void answer());
    const answer = async () => {
      const out = Buffer.concat(chunks);
      const split = out.indexOf('\r\n\r\n');
      const headers: Record<string, string> = {};
      let status = 200;
      for (const line of out.subarray(0, split).toString().split('\r\n')) {
        const [name, ...rest] = line.split(':');
        if (name.toLowerCase() === 'status') status = Number(rest.join(':').trim().split(' ')[0]);
        else if (name) headers[name] = rest.join(':').trim();
      }
      res.writeHead(status, headers);
      const body = out.subarray(split + 4);
      for (let at = 0; at < body.length && !res.destroyed; at += 16 * 1024) {
        res.write(body.subarray(at, at + 16 * 1024));
        if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      }
      res.end();
    };
  });
  return new Promise((resolve) => server.listen(0, options.host ?? '127.0.0.1', () => resolve(server)));
}

describe('fetchBranch: caps and what it leaves out', () => {
  const root = mkdtempSync(join(tmpdir(), 'git-sync-checkout-'));
  const workRoot = join(root, 'work');
  const servers: Server[] = [];
  const policy = AddressPolicy.fromList('127.0.0.1');

  /** A bare repository `name.git` with the given files committed on main (a value `->x` is a symlink to x). */
  const repo = (name: string, files: Record<string, string | Buffer>) => {
    const work = join(root, `${name}-work`);
    mkdirSync(work, { recursive: true });
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(join(work, path, '..'), { recursive: true });
      if (typeof content === 'string' && content.startsWith('->')) symlinkSync(content.slice(2), join(work, path));
      else writeFileSync(join(work, path), content);
    }
    const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env: GIT_ENV });
    git(work, 'init', '-q', '-b', 'main');
    git(work, 'add', '-A');
    git(work, 'commit', '-q', '-m', 'initial');
    git(root, 'clone', '-q', '--bare', work, `${name}.git`);
    return (...args: string[]) => git(join(root, `${name}.git`), ...args);
  };
  const url = (server: Server, name: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/${name}.git`;
  const fetch = (server: Server, name: string, limits: Partial<{ maxBytes: number; maxFiles: number; timeoutMs: number }> = {}) =>
    fetchBranch({
      workRoot,
      url: url(server, name),
      ref: 'refs/heads/main',
      policy,
      limits: { maxBytes: 10 * 1024 * 1024, maxFiles: 100, timeoutMs: 20_000, ...limits },
      checkout: false,
    });

  beforeAll(async () => {
    repo('small', { 'README.md': '# Hi\n', 'docs/a.md': 'A', 'link.md': '->README.md' });
    repo('many', Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`p${i}.md`, `page ${i}`])));
    // Random bytes do not compress: the pack is as large as the files.
    repo('large', { 'big.bin': randomBytes(3 * 1024 * 1024), 'README.md': '# Big\n' });
    // A docs root beside 3 MB it does not need, served by a remote that filters blobs and sends
    // blobs asked for by id; the same files from one that filters but refuses such asks.
    const monorepo = {
      '.gitbook.yaml': 'root: ./docs/\n',
      'docs/README.md': '# Docs\n',
      'docs/guide/a.md': 'A',
      'app/big.bin': randomBytes(3 * 1024 * 1024),
    };
    const filtering = repo('monorepo', monorepo);
    filtering('config', 'uploadpack.allowFilter', 'true');
    filtering('config', 'uploadpack.allowAnySHA1InWant', 'true');
    repo('monorepo-strict', monorepo)('config', 'uploadpack.allowFilter', 'true');
    servers.push(await serve(root), await serve(root, { delayMs: 30 }), await serve(root, { hang: true }));
  });

  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    rmSync(root, { recursive: true, force: true });
  });

  it('fetches a branch: regular files listed, symlinks left out and named', async () => {
    const checkout = await fetch(servers[0], 'small');
    try {
      expect(checkout.entries.map((e) => e.path).sort()).toEqual(['README.md', 'docs/a.md']);
      expect(checkout.symlinks).toEqual(['link.md']);
    } finally {
      await checkout.remove();
    }
  });

  it('refuses a repository over the file cap before reading any blob, and cleans up', async () => {
    await expect(fetch(servers[0], 'many', { maxFiles: 10 })).rejects.toThrow(/30 files, over the limit of 10/);
    expect(readdirSync(workRoot)).toEqual([]);
  });

  it('stops a fetch while the pack arrives once it passes the byte cap', async () => {
    const error = await fetch(servers[1], 'large', { maxBytes: 512 * 1024 }).catch((e: unknown) => e);
    // "sent over" is the watcher's verdict while the pack arrives (a finished fetch is checked
    // against the cap by its tree's sizes, with another message).
    expect(error).toBeInstanceOf(LimitError);
    expect((error as Error).message).toMatch(/sent over 524288 bytes/);
    expect(readdirSync(workRoot)).toEqual([]);
  }, 30_000);

  it('stops a fetch that takes longer than the time cap', async () => {
    await expect(fetch(servers[2], 'small', { timeoutMs: 1500 })).rejects.toThrow(/took over 1500 ms/);
  }, 20_000);

  it('fetches from an IPv6 literal host (no curl pin, which cannot spell one)', async () => {
    const server = await serve(root, { host: '::1' });
    servers.push(server);
    const checkout = await fetchBranch({
      workRoot,
      url: `http://[::1]:${(server.address() as AddressInfo).port}/small.git`,
      ref: 'refs/heads/main',
      policy: AddressPolicy.fromList('::1'),
      limits: { maxBytes: 1e6, maxFiles: 100, timeoutMs: 10_000 },
      checkout: false,
    });
    try {
      expect(checkout.entries.map((e) => e.path).sort()).toEqual(['README.md', 'docs/a.md']);
    } finally {
      await checkout.remove();
    }
  });

  const fetchRoot = (name: string, known?: Map<string, number>) => {
    const roots: string[] = [];
    const checkout = fetchBranch({
      known,
      workRoot,
      url: url(servers[0], name),
      ref: 'refs/heads/main',
      policy,
      limits: { maxBytes: 10 * 1024 * 1024, maxFiles: 100, timeoutMs: 20_000 },
      checkout: false,
      root: async (read) => {
        const config = (await read('.gitbook.yaml'))?.toString('utf8') ?? '';
        roots.push(config);
        return /root: \.\/docs\//.test(config) ? 'docs' : '';
      },
    });
    return { checkout, roots };
  };
  const objectBytes = (dir: string): number =>
    readdirSync(join(dir, '.git', 'objects'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0);

  it('fetches only the root when the remote filters: trees, then the blobs under the root', async () => {
    const { checkout: pending, roots } = fetchRoot('monorepo');
    const checkout = await pending;
    try {
      expect(roots).toEqual(['root: ./docs/\n']);
      expect(checkout.entries.map((e) => [e.path, e.size]).sort()).toEqual([
        ['.gitbook.yaml', 14],
        ['docs/README.md', 7],
        ['docs/guide/a.md', 1],
      ]);
      // The 3 MB outside the root never arrived.
      expect(objectBytes(checkout.dir)).toBeLessThan(100 * 1024);
    } finally {
      await checkout.remove();
    }
  });

  it('leaves out the blobs the last sync read, and fetches one when a reader needs it', async () => {
    const oidOf = (text: string) => execFileSync('git', ['hash-object', '--stdin'], { input: text }).toString('utf8').trim();
    const unchanged = oidOf('A');
    const { checkout: pending } = fetchRoot('monorepo', new Map([[unchanged, 1]]));
    const checkout = await pending;
    const present = (oid: string) => {
      try {
        execFileSync('git', ['cat-file', '-e', oid], { cwd: checkout.dir, stdio: 'ignore' });
        return true;
      } catch {
        return false;
      }
    };
    try {
      expect(checkout.entries.find((e) => e.path === 'docs/guide/a.md')).toMatchObject({ oid: unchanged, size: 1 });
      expect(present(unchanged)).toBe(false);
      expect(present(oidOf('# Docs\n'))).toBe(true);
      await checkout.ensure([unchanged]);
      expect(present(unchanged)).toBe(true);
    } finally {
      await checkout.remove();
    }
  });

  it('falls back to the whole branch when the remote filters but will not send blobs by id', async () => {
    const { checkout: pending } = fetchRoot('monorepo-strict');
    const checkout = await pending;
    try {
      expect(checkout.entries.map((e) => e.path)).toEqual(expect.arrayContaining(['docs/README.md', 'docs/guide/a.md']));
    } finally {
      await checkout.remove();
    }
  });

  it('refuses an unknown branch', async () => {
    const error = await fetchBranch({
      workRoot,
      url: url(servers[0], 'small'),
      ref: 'refs/heads/nope',
      policy,
      limits: { maxBytes: 1e6, maxFiles: 100, timeoutMs: 10_000 },
      checkout: false,
    }).catch((e: unknown) => e);
    expect((error as Error).message).toBe('the repository has no branch nope');
    expect(isPermanentJobError(classifyFailure(error))).toBe(true);
  });
  describe('with a kept repository per space (re-imports)', () => {
    const cache = new RepoCache({
      root: join(root, 'cache'),
      maxRepoBytes: 10 * 1024 * 1024,
      maxTotalBytes: 100 * 1024 * 1024,
      maxAgeMs: 3600_000,
      maxPacks: 64,
      lockStaleMs: 60_000,
    });
    const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env: GIT_ENV }).toString('utf8').trim();
    const fetchCached = (name: string, ref = 'refs/heads/main') =>
      fetchBranch({
        workRoot,
        url: url(servers[0], name),
        ref,
        policy,
        limits: { maxBytes: 10 * 1024 * 1024, maxFiles: 100, timeoutMs: 20_000 },
        checkout: false,
        cache,
        cacheKey: `space-of-${name}`,
        root: async (read) => (/root: \.\/docs\//.test((await read('.gitbook.yaml'))?.toString('utf8') ?? '') ? 'docs' : ''),
      });
    /** Commits `files` on main of `name` (made by `repo`) and pushes them to its bare repository. */
    const commit = (name: string, files: Record<string, string>) => {
      const work = join(root, `${name}-work`);
      for (const [path, text] of Object.entries(files)) writeFileSync(join(work, path), text);
      git(work, 'commit', '-q', '-am', 'change');
      git(work, 'push', '-q', join(root, `${name}.git`), 'main');
    };
    const packs = (dir: string) => readdirSync(join(dir, '.git', 'objects', 'pack')).filter((f) => f.endsWith('.idx'));
    /** Type and id of every object in the given packs. */
    const objectsIn = (dir: string, idx: string[]) =>
      idx.flatMap((file) =>
        git(dir, 'verify-pack', '-v', join('.git', 'objects', 'pack', file))
          .split('\n')
          .map((line) => /^([0-9a-f]{40}) (commit|tree|blob|tag) /.exec(line))
          .filter((m): m is RegExpExecArray => m !== null)
          .map((m) => ({ oid: m[1], type: m[2] })),
      );

    beforeAll(() => {
      const bare = repo('kept', {
        '.gitbook.yaml': 'root: ./docs/\n',
        'docs/README.md': '# Docs\n',
        'docs/guide/a.md': 'A',
        'docs/guide/b.md': 'B',
        'app/big.bin': randomBytes(512 * 1024),
      });
      bare('config', 'uploadpack.allowFilter', 'true');
      bare('config', 'uploadpack.allowAnySHA1InWant', 'true');
    });

    it('re-imports a one-page commit by fetching that commit, the trees on its path and the changed blob only', async () => {
      const first = await fetchCached('kept');
      const dir = first.dir;
      expect(dir.startsWith(join(root, 'cache'))).toBe(true);
      await first.remove();
      const before = new Set(packs(dir));

      commit('kept', { 'docs/guide/a.md': 'A, changed' });
      const again = await fetchCached('kept');
      try {
        expect(again.dir).toBe(dir);
        const changed = again.entries.find((e) => e.path === 'docs/guide/a.md')!;
        expect(changed.size).toBe('A, changed'.length);
        const received = objectsIn(
          dir,
          packs(dir).filter((p) => !before.has(p)),
        );
        // The commit, the trees from the top to docs/guide, and one blob: nothing else came again.
        expect(received.filter((o) => o.type === 'commit')).toHaveLength(1);
        // Trees: the new ones from the top to docs/guide; an old one may be appended by git itself
        // as the base of a delta (`index-pack --fix-thin`), never one off the changed path.
        const path = (commitish: string) => ['', 'docs', 'docs/guide'].map((p) => git(dir, 'rev-parse', `${commitish}:${p}`));
        const trees = received.filter((o) => o.type === 'tree').map((o) => o.oid);
        expect(trees).toEqual(expect.arrayContaining(path(again.commit)));
        expect([...path(again.commit), ...path(first.commit)]).toEqual(expect.arrayContaining(trees));
        expect(received.filter((o) => o.type === 'blob').map((o) => o.oid)).toEqual([changed.oid]);
        expect((await again.read([changed.oid])).get(changed.oid)!.toString('utf8')).toBe('A, changed');
        // The unchanged pages are read from the kept repository, not fetched.
        const kept = again.entries.find((e) => e.path === 'docs/guide/b.md')!;
        expect((await again.read([kept.oid])).get(kept.oid)!.toString('utf8')).toBe('B');
        // Lazy fetching stays off: git wrote no promisor remote that it could fetch from on its own.
        expect(readFileSync(join(dir, '.git', 'config'), 'utf8')).not.toMatch(/remote|promisor|partialclone/i);
      } finally {
        await again.remove();
      }
    });

    it('lets a second import of the same space at the same time work in a throwaway repository', async () => {
      const [one, two] = await Promise.all([fetchCached('kept'), fetchCached('kept')]);
      const dirs = [one.dir, two.dir];
      try {
        expect(dirs.filter((d) => d.startsWith(join(root, 'cache')))).toHaveLength(1);
        expect(dirs.filter((d) => d.startsWith(workRoot))).toHaveLength(1);
        expect(one.entries.map((e) => e.oid)).toEqual(two.entries.map((e) => e.oid));
      } finally {
        await one.remove();
        await two.remove();
      }
      expect(readdirSync(workRoot).filter((d) => d.startsWith('repo-'))).toEqual([]);
    });

    it('drops a broken kept repository and builds it again on the next import', async () => {
      const first = await fetchCached('kept');
      const dir = first.dir;
      await first.remove();
      writeFileSync(join(dir, '.git', 'HEAD'), 'not a ref\n');
      await expect(fetchCached('kept')).rejects.toThrow();
      const rebuilt = await fetchCached('kept');
      try {
        expect(rebuilt.dir).toBe(dir);
        expect(rebuilt.entries.map((e) => e.path).sort()).toEqual([
          '.gitbook.yaml',
          'docs/README.md',
          'docs/guide/a.md',
          'docs/guide/b.md',
        ]);
      } finally {
        await rebuilt.remove();
      }
    });

    it('refuses an unknown branch, as the fetch itself tells (no ls-remote first)', async () => {
      const error = await fetchCached('kept', 'refs/heads/nope').catch((e: unknown) => e);
      expect((error as Error).message).toBe('the repository has no branch nope');
      expect(isPermanentJobError(classifyFailure(error))).toBe(true);
    });
  });
});

describe('withoutSection', () => {
  it('removes one section of a git config, header to the next header, and keeps the rest', () => {
    const config = '[core]\n\tbare = false\n[remote "origin"]\n\tpromisor = true\n\tpartialclonefilter = blob:none\n[gc]\n\tauto = 0\n';
    expect(withoutSection(config, 'remote "origin"')).toBe('[core]\n\tbare = false\n[gc]\n\tauto = 0\n');
    expect(withoutSection('[core]\n\tbare = true\n', 'remote "origin"')).toBe('[core]\n\tbare = true\n');
  });
});
