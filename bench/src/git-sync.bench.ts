import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient, controlTestStack, devDataPath, GitHttpServer, gitIn, testStack } from '@bindery/testing';
import { resetStatementStatistics, topStatements } from './pg-statements';
import { postgresPids, type ProcessSet, sampleCpu } from './process-cpu';
import { profileApps } from './soak-cpu';

const DEV = devDataPath('gitbook-dev', 'beefree-sdk-docs');
/** Copies of the development repository's pages in the large repository (5 × 207 ≈ 1,000 pages). */
const COPIES = Number(process.env.BENCH_GIT_COPIES ?? 5);
/** Bytes of incompressible files outside the large repository's root, which the import must not fetch. */
const OUTSIDE_BYTES = 24 * 1024 * 1024;

interface Info {
  operation?: { state: string; error?: string };
  job?: { id: string; status: string; message: string | null; error: string | null };
}
interface TreePage {
  id: string;
  title: string;
  pages?: TreePage[];
}

/**
 * Git sync on real pages (issue #27's targets, on a quiet 2-core machine): the development
 * repository (a real GitBook repository, 207 pages) and a ~1,000-page repository made of copies of
 * its pages under `docs/` (`.gitbook.yaml` `root: ./docs/`) beside files the import does not need,
 * served over smart HTTP on 127.0.0.1 behind a proxy that counts the bytes sent. Import (< 10 s
 * for 1,000 pages), re-import after a one-page commit (< 1 s), bytes fetched (≤ 1.2 × the root's
 * size: the unique blobs under the root, as git stores them), then export of the development
 * space and an export after a one-page edit (one file in the commit).
 */
export async function gitSyncBench(): Promise<string[]> {
  const { gatewayUrl, adminToken, adminOrganizationId } = testStack();
  const api = new ApiClient(gatewayUrl, adminToken);
  const server = new GitHttpServer();
  await server.start();
  const proxy = new CountingProxy();
  await proxy.start(server.port);
  const url = (name: string) => server.url(name).replace(`:${server.port}/`, `:${proxy.port}/`);
  const large = await mkdtemp(join(tmpdir(), 'bench-gitsync-'));
  const lines: string[] = [
    `load average at start: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')} (${availableParallelism()} cores)`,
  ];
  try {
    await generateLarge(large);
    for (const [name, source] of [
      ['dev', DEV],
      ['large', large],
    ] as const) {
      const bare = await server.createRepo(name, source);
      // As GitHub and GitLab serve: partial clones, blobs asked for by id.
      await gitIn(bare, 'config', 'uploadpack.allowFilter', 'true');
      await gitIn(bare, 'config', 'uploadpack.allowAnySHA1InWant', 'true');
    }
    const space = async (title: string) =>
      (await call<{ id: string }>(api, 'POST', `/v1/orgs/${adminOrganizationId}/spaces`, { title })).id;
    /** `treeOf`: the pages a first import brings at least, to time when its tree is first visible. */
    const importInto = async (id: string, name: string, treeOf = 0) => {
      proxy.bytes = 0;
      let visible: Promise<number> | undefined;
      const job = await synced(api, id, async () => {
        const started = Date.now();
        await call(api, 'POST', `/v1/spaces/${id}/git/import`, { url: url(name), ref: 'refs/heads/main' });
        if (treeOf > 0) visible = firstVisible(api, id, treeOf, started);
      });
      return { ...job, bytes: proxy.bytes, visibleMs: await visible };
    };

    const devSpace = await space('Git bench: development repository');
    const dev = await importInto(devSpace, 'dev', 200);
    const devRoot = await rootBytes(server, 'dev', '');
    const devPages = flatten((await call<{ pages: TreePage[] }>(api, 'GET', `/v1/spaces/${devSpace}/content`)).pages);
    lines.push(
      `development repository, ${devPages.length} pages: tree visible after ${dev.visibleMs} ms, import ${dev.ms} ms end to end (${dev.phases}); fetched ${mb(dev.bytes)} for a root of ${mb(devRoot)} (${ratio(dev.bytes, devRoot)})`,
    );

    const largeSpace = await space('Git bench: 1,000 pages');
    // `BENCH_CPU_PROF_DIR=/tmp/prof SOAK_PROFILE_APPS=git-sync-worker,content`: V8 CPU profiles of the
    // 1,000-page import alone (the page threads write their own), as `soak-cpu.ts` describes.
    const stopProfiling = await profileApps();
    await resetStatementStatistics();
    const processes = await stackProcesses();
    const cpuBefore = sampleCpu(processes);
    const big = await importInto(largeSpace, 'large', 1000);
    const cpuAfter = sampleCpu(processes);
    await stopProfiling();
    const statements = await topStatements(6);
    const bigRoot = await rootBytes(server, 'large', 'docs/');
    const bigPages = flatten((await call<{ pages: TreePage[] }>(api, 'GET', `/v1/spaces/${largeSpace}/content`)).pages);
    lines.push(
      `${bigPages.length}-page repository: tree visible after ${big.visibleMs} ms (target < 3,000 ms), import ${big.ms} ms end to end (target < 10,000 ms; ${big.phases}); fetched ${mb(big.bytes)} for a root of ${mb(bigRoot)}, ${mb(OUTSIDE_BYTES)} outside it (${ratio(big.bytes, bigRoot)}; target ≤ 1.2×)`,
      `  CPU during that import (/proc; on 2 cores the import is bound by the sum): ${cpuLine(cpuBefore, cpuAfter)}`,
      `  Postgres during that import: ${statements.join('\n  ')}`,
    );

    const work = await server.workTree('large');
    const changed = join(work, 'docs', 'copy-2', 'README.md');
    await writeFile(changed, (await readFile(changed, 'utf8')) + '\nOne more paragraph, committed in git.\n');
    await server.commitAll(work, 'one page');
    const again = await importInto(largeSpace, 'large');
    lines.push(`re-import after a one-page commit: ${again.ms} ms (target < 1,000 ms; ${again.phases}); fetched ${mb(again.bytes)}`);

    await server.createRepo('out');
    const out = { url: url('out'), ref: 'refs/heads/main', commitMessage: 'first export' };
    const firstExport = await synced(api, devSpace, () => call(api, 'POST', `/v1/spaces/${devSpace}/git/export`, out));
    lines.push(`first export of the development space (to an empty repository): ${firstExport.ms} ms (${firstExport.phases})`);
    await editOnePage(api, devSpace, devPages.find((p) => /^Create an Application/.test(p.title))!.id);
    const edited = await synced(api, devSpace, () =>
      call(api, 'POST', `/v1/spaces/${devSpace}/git/export`, { ...out, commitMessage: 'one edit' }),
    );
    const exported = await server.workTree('out');
    const stat = (await gitIn(exported, 'show', '--name-only', '--format=', 'HEAD')).trim().split('\n');
    lines.push(`export after a one-page edit: ${edited.ms} ms, commit touches ${stat.length} file(s): ${stat.join(', ')} (target 1 file)`);
    lines.push(
      `load average at the end: ${loadavg()
        .map((n) => n.toFixed(1))
        .join(', ')}`,
    );
    return lines;
  } catch (error) {
    return [...lines, `failed: ${(error as Error).message}`];
  } finally {
    await proxy.stop();
    await server.stop();
    await rm(large, { recursive: true, force: true });
  }
}

/** Forwards requests to the git server and counts the bytes of its answers (what a fetch transfers). */
class CountingProxy {
  bytes = 0;
  port = 0;
  private server?: Server;

  async start(target: number): Promise<void> {
    this.server = createServer((req, res) => {
      const upstream = request({ host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.on('data', (chunk: Buffer) => (this.bytes += chunk.length));
        answer.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** Bytes of the distinct blobs under `prefix` at the branch's head (git stores each content once). */
async function rootBytes(server: GitHttpServer, name: string, prefix: string): Promise<number> {
  const listing = await gitIn(join(server.root, `${name}.git`), 'ls-tree', '-r', '-l', 'main');
  const sizes = new Map<string, number>();
  for (const line of listing.split('\n')) {
    const match = /^\d+ blob ([0-9a-f]+)\s+(\d+)\t(.*)$/.exec(line);
    if (match && match[3].startsWith(prefix)) sizes.set(match[1], Number(match[2]));
  }
  return [...sizes.values()].reduce((sum, size) => sum + size, 0);
}

/**
 * COPIES copies of the development repository's pages and assets under `docs/copy-N/`, one
 * SUMMARY listing them all (each copy's groups renamed), and files outside the root: the import
 * reads `.gitbook.yaml` and fetches only what is under `docs/`.
 */
async function generateLarge(dir: string): Promise<void> {
  const docs = join(dir, 'docs');
  await mkdir(docs, { recursive: true });
  await writeFile(join(dir, '.gitbook.yaml'), 'root: ./docs/\n');
  await writeFile(join(docs, 'README.md'), '# Handbook\n\nCopies of a real GitBook repository, for the bench.\n');
  const summary = (await readFile(join(DEV, 'SUMMARY.md'), 'utf8')).split('\n').filter((line) => !line.startsWith('# '));
  const out = ['# Table of contents', '', '* [Handbook](README.md)', ''];
  for (let copy = 0; copy < COPIES; copy++) {
    await cp(DEV, join(docs, `copy-${copy}`), {
      recursive: true,
      filter: (source) => !/(^|\/)(SUMMARY\.md|\.gitbook\.yaml)$/.test(source),
    });
    for (const line of summary)
      out.push(
        line.replace(/^(## .*?)(\s*<a .*)?$/, `$1 (copy ${copy})`).replace(/\]\((?![a-z][a-z0-9+.-]*:)([^)]+)\)/i, `](copy-${copy}/$1)`),
      );
  }
  await writeFile(join(docs, 'SUMMARY.md'), out.join('\n'));
  // Incompressible and reproducible: a SHA-256 counter stream.
  await mkdir(join(dir, 'other'));
  const chunks: Buffer[] = [];
  for (let at = 0; at * 32 < OUTSIDE_BYTES; at++) chunks.push(createHash('sha256').update(String(at)).digest());
  await writeFile(join(dir, 'other', 'archive.bin'), Buffer.concat(chunks));
}

/** Every process of the stack (Postgres as one), found at sampling time. */
async function stackProcesses(): Promise<ProcessSet> {
  const stack = await controlTestStack();
  const processes: ProcessSet = { postgres: () => postgresPids(stack.state.postgres.dataDir) };
  for (const name of Object.keys(stack.state.pids)) processes[name] = () => (stack.state.pids[name] ? [stack.state.pids[name]] : []);
  return processes;
}

/** CPU ms each process spent between two samples, largest first, and the total. */
function cpuLine(before: Record<string, number>, after: Record<string, number>): string {
  const spent = Object.entries(after)
    .map(([name, micros]) => [name, (micros - (before[name] ?? 0)) / 1000] as const)
    .filter(([, ms]) => ms >= 10)
    .sort(([, a], [, b]) => b - a);
  const total = spent.reduce((sum, [, ms]) => sum + ms, 0);
  return `total ${Math.round(total)} ms: ${spent.map(([name, ms]) => `${name} ${Math.round(ms)}`).join(' / ')}`;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ratio = (bytes: number, root: number) => `${(bytes / root).toFixed(2)}× the root`;

/** Runs `start` and waits until the space's last git job ended: the time from the request to then, and the job's phase times. */
async function synced(api: ApiClient, space: string, start: () => Promise<unknown>): Promise<{ ms: number; phases: string }> {
  const before = (await api.get<Info>(`/v1/spaces/${space}/git/info`)).body?.job?.id;
  const started = Date.now();
  await start();
  for (;;) {
    const res = await api.get<Info>(`/v1/spaces/${space}/git/info`);
    const job = res.status === 200 ? res.body.job : undefined;
    if (job && job.id !== before && (job.status === 'succeeded' || job.status === 'failed')) {
      if (job.status === 'failed') throw new Error(`git job failed: ${job.error}`);
      const ms = Date.now() - started;
      // The job's own account: "imported N pages (…), M files; fetch … ms, plan … ms, …; notes".
      const message = job.message ?? '';
      console.log(`  ${ms} ms; job: ${message.split('; ').slice(0, 2).join('; ').slice(0, 300)}`);
      const phases = message.split('; ').find((part) => /\bms\b/.test(part) && /fetch|read/.test(part)) ?? '';
      return { ms, phases };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Ms from `started` (the import request) until `GET …/content` shows the imported tree: at least
 * `pages` pages, bodies possibly still coming (a first import applies its tree before its bodies).
 * Polled every 200 ms, so the figure is up to that much late.
 */
async function firstVisible(api: ApiClient, space: string, pages: number, started: number): Promise<number> {
  // Bounded: a failed import never shows its tree (the bench reports the failure).
  while (Date.now() - started < 120_000) {
    const res = await api.get<{ pages: TreePage[] }>(`/v1/spaces/${space}/content`);
    if (res.status === 200 && flatten(res.body.pages).length >= pages) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return Number.NaN;
}

async function editOnePage(api: ApiClient, space: string, page: string): Promise<void> {
  const cr = (await call<{ id: string }>(api, 'POST', `/v1/spaces/${space}/change-requests`, { subject: 'bench edit' })).id;
  await call(api, 'POST', `/v1/spaces/${space}/change-requests/${cr}/content`, {
    changes: [{ operation: 'update_page', page, document: { markdown: 'Edited in Bindery for the export bench.\n' } }],
  });
  await call(api, 'POST', `/v1/spaces/${space}/change-requests/${cr}/merge`);
}

function flatten(pages: TreePage[]): TreePage[] {
  return pages.flatMap((p) => [p, ...flatten(p.pages ?? [])]);
}

async function call<T = unknown>(api: ApiClient, method: string, path: string, body?: unknown): Promise<T> {
  const response = await api.request<T>(method, path, body ?? (method === 'POST' ? {} : undefined));
  if (response.status >= 300) throw new Error(`${method} ${path}: HTTP ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}
