import { testStack } from '@bindery/testing';
import { resetStatementStatistics, topStatements } from './pg-statements';
import { profileApps, SoakCpu } from './soak-cpu';
import { appMemory, EventLoopWatch, MEMORY_BOUND, memoryLines, OperationStats, runningApps } from './soak-stats';

const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 64);
/**
 * Connections are spread over this many spaces (four writers per space by default): merges into
 * one space take its row lock one at a time, so sixteen writers merging into one space on a
 * starved machine queue past the RPC timeout (measured: 503s at 4 spaces, load average ~30).
 */
const SPACES = Number(process.env.SOAK_SPACES ?? 16);
const PAGES_PER_SPACE = 40;
const WORDS = ['harbour', 'lantern', 'meadow', 'quartz', 'saffron', 'timber', 'velvet', 'willow'];

/**
 * `pnpm bench soak [--duration 10m]`: a mixed workload at 64 connections against the local
 * stack (reads of pages, page trees and spaces, searches, comments posted and listed, change
 * requests opened, edited and merged), then throughput, p50/p99 per operation, errors (must be
 * 0), CPU µs per request of each process, and each app's resident memory after warm-up and at
 * the end (bound: `MEMORY_BOUND`); `BENCH_CPU_PROF_DIR` profiles the busiest apps (`soak-cpu.ts`). Each
 * connection edits only its own page, so merges never conflict: any error is a bug. A run with
 * errors or memory over the bound sets a failing exit code.
 */
export async function soakBench(): Promise<string[]> {
  const seconds = durationSeconds();
  const { gatewayUrl, adminToken, adminOrganizationId, metricsPorts: allPorts } = testStack();
  const http = new Http(gatewayUrl, adminToken);
  const spaces = await seed(http, adminOrganizationId);
  const metricsPorts = await runningApps(allPorts);
  const stats = new OperationStats();
  const stopProfiling = await profileApps();
  const cpu = await SoakCpu.watch();
  console.log(`soak: ${CONNECTIONS} connections for ${seconds} s …`);
  await resetStatementStatistics();

  cpu.start();
  const start = Date.now();
  const deadline = start + seconds * 1000;
  const warmUp = Math.max(10, Math.min(60, seconds / 10)) * 1000;
  let warmMemory: Promise<Record<string, number>> | undefined;
  let middleMemory: Promise<Record<string, number>> | undefined;
  const sampler = setTimeout(() => {
    warmMemory = appMemory(metricsPorts);
  }, warmUp);
  const loops = new EventLoopWatch(metricsPorts, start);
  await loops.sample(); // resets the windows: the first sample covers the load only
  const loopSampler = setInterval(() => void loops.sample(), 5000);
  const middleSampler = setTimeout(
    () => {
      middleMemory = appMemory(metricsPorts);
    },
    (seconds * 1000) / 2,
  );
  const progress = setInterval(
    () => console.log(`  … ${Math.round((Date.now() - start) / 1000)} s, ${stats.requests} requests, ${stats.errors} errors`),
    60_000,
  );
  try {
    await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => connection(http, stats, spaces, i, deadline)));
  } finally {
    clearTimeout(sampler);
    clearTimeout(middleSampler);
    clearInterval(loopSampler);
    clearInterval(progress);
  }
  const elapsed = (Date.now() - start) / 1000;
  // Sampled at once: the settling below is background work, not the requests'.
  const cpuLines = cpu.lines(stats.requests);
  // Let in-flight background work (search indexing, outbox) settle before the last sample.
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const endMemory = await appMemory(metricsPorts);
  const statements = await topStatements();
  await stopProfiling();
  const memory = memoryLines(await (warmMemory ?? appMemory(metricsPorts)), await (middleMemory ?? endMemory), endMemory);

  const pass = stats.errors === 0 && memory.exceeded.length === 0;
  if (!pass) process.exitCode = 1;
  return [
    `${CONNECTIONS} connections for ${elapsed.toFixed(0)} s: ${stats.requests} requests, ${(stats.requests / elapsed).toFixed(0)} req/s, ` +
      `errors ${stats.errors} (must be 0)`,
    'per operation:',
    ...stats.lines(elapsed),
    ...cpuLines,
    loops.line(),
    `resident memory per app, after ${warmUp / 1000} s of warm-up → half-time → end (bound: +${MEMORY_BOUND.fixedBytes / 1024 / 1024} MB + ${MEMORY_BOUND.fraction * 100}%):`,
    ...memory.lines,
    ...statements,
    pass
      ? 'soak: PASS'
      : `soak: FAIL (${stats.errors} errors${memory.exceeded.length ? `; memory over the bound: ${memory.exceeded.join(', ')}` : ''})`,
  ];
}

interface SoakSpace {
  id: string;
  pages: string[];
}

/** One connection: picks an operation by weight until the deadline. */
async function connection(http: Http, stats: OperationStats, spaces: SoakSpace[], index: number, deadline: number): Promise<void> {
  const space = spaces[index % spaces.length];
  // Its own page: no two connections edit one page, so merges never conflict.
  const ownPage = space.pages[Math.floor(index / spaces.length)];
  let n = 0;
  while (Date.now() < deadline) {
    n++;
    const page = space.pages[(index * 7 + n) % space.pages.length];
    const roll = (index * 31 + n * 17) % 100;
    if (roll < 25) await timed(stats, 'read page', () => http.call('GET', `/v1/spaces/${space.id}/content/page/${page}`));
    else if (roll < 38) await timed(stats, 'read page tree', () => http.call('GET', `/v1/spaces/${space.id}/content/pages`));
    else if (roll < 46) await timed(stats, 'read space', () => http.call('GET', `/v1/spaces/${space.id}`));
    else if (roll < 61) {
      const word = WORDS[n % WORDS.length];
      await timed(stats, 'search space', () => http.call('GET', `/v1/spaces/${space.id}/search?query=${word}`));
    } else if (roll < 71) {
      const body = { body: { markdown: `Soak comment ${index}.${n} on **${WORDS[n % WORDS.length]}**` } };
      await timed(stats, 'post comment', () => http.call('POST', `/v1/spaces/${space.id}/comments`, body));
    } else if (roll < 80) await timed(stats, 'list comments', () => http.call('GET', `/v1/spaces/${space.id}/comments?limit=20`));
    else await editAndMerge(http, stats, space.id, ownPage, `${index}.${n}`);
  }
}

/** A change request opened, its connection's own page edited, then merged into a main that others keep moving. */
async function editAndMerge(http: Http, stats: OperationStats, space: string, page: string, tag: string): Promise<void> {
  const cr = await timed(stats, 'open change request', () =>
    http.call<{ id: string }>('POST', `/v1/spaces/${space}/change-requests`, { subject: `soak ${tag}` }),
  );
  if (!cr) return;
  const changes = [
    { operation: 'update_page', page, document: paragraph(`Edited by soak ${tag}: ${WORDS[tag.length % WORDS.length]} notes`) },
  ];
  if (
    !(await timed(stats, 'edit change request', () =>
      http.call('POST', `/v1/spaces/${space}/change-requests/${cr.id}/content`, { changes }),
    ))
  )
    return;
  await timed(stats, 'merge change request', () => http.call('POST', `/v1/spaces/${space}/change-requests/${cr.id}/merge`));
}

async function timed<T>(stats: OperationStats, operation: string, work: () => Promise<T>): Promise<T | undefined> {
  const start = performance.now();
  try {
    const result = await work();
    stats.record(operation, performance.now() - start);
    return result;
  } catch (error) {
    stats.fail(operation, (error as Error).message);
    return undefined;
  }
}

/** Spaces with pages (bodies carrying the search words), merged, and indexed for search. */
async function seed(http: Http, organizationId: string): Promise<SoakSpace[]> {
  const spaces: SoakSpace[] = [];
  for (let s = 0; s < SPACES; s++) {
    const space = await http.call<{ id: string }>('POST', `/v1/orgs/${organizationId}/spaces`, { title: `Soak ${s}` });
    const cr = await http.call<{ id: string }>('POST', `/v1/spaces/${space.id}/change-requests`, { subject: 'seed' });
    const changes = Array.from({ length: PAGES_PER_SPACE }, (_, p) => ({
      operation: 'insert_page',
      ref: `p${p}`,
      title: `Page ${p} ${WORDS[p % WORDS.length]}`,
      document: paragraph(`Seeded page ${p}: ${WORDS.join(' ')}`),
    }));
    const created = await http.call<{ changes: { page: { id: string } }[] }>(
      'POST',
      `/v1/spaces/${space.id}/change-requests/${cr.id}/content?compat=false`,
      {
        changes,
      },
    );
    await http.call('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`);
    spaces.push({ id: space.id, pages: created.changes.map((c) => c.page.id) });
  }
  const until = Date.now() + 120_000;
  for (const space of spaces) {
    while ((await http.call<{ count: number }>('GET', `/v1/spaces/${space.id}/search?query=${WORDS[0]}`)).count === 0) {
      if (Date.now() > until) throw new Error('the seeded spaces were not indexed for search within 2 minutes');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return spaces;
}

const paragraph = (text: string) => ({
  document: {
    object: 'document',
    data: {},
    nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] }],
  },
});

/** `--duration 90`, `--duration=10m`, `SOAK_DURATION=30s`; ten minutes by default. */
function durationSeconds(): number {
  const args = process.argv;
  const flag = args.findIndex((a) => a === '--duration' || a.startsWith('--duration='));
  const raw = flag < 0 ? process.env.SOAK_DURATION : args[flag].includes('=') ? args[flag].split('=')[1] : args[flag + 1];
  if (raw === undefined) return 600;
  const match = /^(\d+(?:\.\d+)?)(s|m)?$/.exec(raw.trim());
  if (!match) throw new Error(`--duration must be seconds or minutes (e.g. 90, 90s, 10m), not ${raw}`);
  return Number(match[1]) * (match[2] === 'm' ? 60 : 1);
}

/** fetch with the token; a status ≥ 300 is an error naming the route and the answer. */
class Http {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  async call<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(this.baseUrl + path, {
      method,
      headers: { authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status >= 300)
      throw new Error(`${method} ${path.replace(/[A-Za-z0-9]{16,}/g, '…')}: HTTP ${response.status} ${text.slice(0, 200)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}
