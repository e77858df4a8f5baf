import { testStack, testTopology } from '@bindery/testing';
import { resetStatementStatistics, topStatements } from './pg-statements';
import { profileApps, SoakCpu } from './soak-cpu';
import { breakdownLines, soakTraceCollector, type TracedRequest, TraceIds, traceShare } from './soak-traces';
import { SoakWaits } from './soak-waits';
import { SoakWindows } from './soak-windows';
import { type Caller, Http, seed, type SoakSpace, soakRequests, WORDS } from './soak-workload';
import {
  appMemory,
  EventLoopWatch,
  loopBusyLine,
  loopBusySeconds,
  MEMORY_BOUND,
  memoryLines,
  OperationStats,
  processPorts,
  runningApps,
} from './soak-stats';

const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 64);
/**
 * Connections are spread over this many spaces (four writers per space by default): merges into
 * one space take its row lock one at a time, so sixteen writers merging into one space on a
 * starved machine queue past the RPC timeout (measured: 503s at 4 spaces, load average ~30).
 */
const SPACES = Number(process.env.SOAK_SPACES ?? 16);

/**
 * `pnpm bench soak [--duration 10m]`: a mixed workload at 64 connections against the local
 * stack (reads of pages, page trees and spaces, searches, comments posted and listed, change
 * requests opened, edited and merged), then throughput, p50/p99 per operation, errors (must be
 * 0), CPU µs per request of each process, and each app's resident memory after warm-up and at
 * the end (bound: `MEMORY_BOUND`), what requests waited for (a CPU, GC, a pool connection, Postgres:
 * `soak-waits.ts`); `BENCH_CPU_PROF_DIR` profiles the busiest apps (`soak-cpu.ts`); `SOAK_TRACE=0.1`
 * traces a tenth of the requests and splits the slow ones' time by part (`soak-traces.ts`); the
 * figures of each 10 s window apart (`soak-windows.ts`), so a cold start shows apart from the steady
 * state; `SOAK_NODE_FLAGS` restarts the profiled apps with other node flags (`soak-cpu.ts`). Each
 * connection edits only its own page, so merges never conflict: any error is a bug. A run with
 * errors or memory over the bound sets a failing exit code.
 */
export async function soakBench(): Promise<string[]> {
  const seconds = durationSeconds();
  const { gatewayUrl, adminToken, adminOrganizationId, metricsPorts: allPorts } = testStack();
  const http = new Http(gatewayUrl, adminToken);
  const spaces = await seed(http, adminOrganizationId, SPACES);
  const metricsPorts = await runningApps(processPorts(allPorts, testTopology()));
  const stats = new OperationStats();
  const stopProfiling = await profileApps();
  const cpu = await SoakCpu.watch();
  const collector = soakTraceCollector();
  const soak: Soak = { http, stats, tracing: collector ? new Tracing(traceShare()) : undefined };
  console.log(`soak: ${CONNECTIONS} connections for ${seconds} s${soak.tracing ? `, tracing ${traceShare()} of the requests` : ''} …`);
  await resetStatementStatistics();
  const waits = new SoakWaits(cpu.processes, metricsPorts);
  await waits.start();

  const generatorBefore = process.cpuUsage();
  const busyBefore = await loopBusySeconds(metricsPorts);
  cpu.start();
  const start = Date.now();
  const deadline = start + seconds * 1000;
  const warmUp = Math.max(10, Math.min(60, seconds / 10)) * 1000;
  stats.steadyFrom(performance.now() + warmUp);
  let warmMemory: Promise<Record<string, number>> | undefined;
  let middleMemory: Promise<Record<string, number>> | undefined;
  const sampler = setTimeout(() => {
    warmMemory = appMemory(metricsPorts);
  }, warmUp);
  const loops = new EventLoopWatch(metricsPorts, start);
  const windows = new SoakWindows(cpu.processes);
  windows.start(stats.requests, await loops.sample()); // resets the lag windows: the first sample covers the load only
  const loopSampler = setInterval(
    () =>
      void loops.sample().then((texts) => {
        waits.samplePools(texts);
        windows.sample(stats.requests, texts);
      }),
    5000,
  );
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
    await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => connection(soak, spaces, i, deadline)));
  } finally {
    clearTimeout(sampler);
    clearTimeout(middleSampler);
    clearInterval(loopSampler);
    clearInterval(progress);
  }
  const elapsed = (Date.now() - start) / 1000;
  // Sampled at once: the settling below is background work, not the requests'.
  const cpuLines = cpu.lines(stats.requests);
  const generator = process.cpuUsage(generatorBefore);
  const busyLine = loopBusyLine(busyBefore, await loopBusySeconds(metricsPorts), elapsed);
  windows.sample(stats.requests, await loops.sample(), true); // what is left of the last window
  const waitLines = await waits.lines(stats.requests, elapsed, CONNECTIONS);
  // Let in-flight background work (search indexing, outbox) settle before the last sample.
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const endMemory = await appMemory(metricsPorts);
  const statements = await topStatements();
  // The last spans are exported within a second of their end (OTEL_BSP_SCHEDULE_DELAY): the settling above covered it.
  const traceLines = collector && soak.tracing ? breakdownLines(soak.tracing.requests, collector, traceShare()) : [];
  await stopProfiling();
  await http.close();
  const memory = memoryLines(await (warmMemory ?? appMemory(metricsPorts)), await (middleMemory ?? endMemory), endMemory);

  const pass = stats.errors === 0 && memory.exceeded.length === 0;
  if (!pass) process.exitCode = 1;
  return [
    `${CONNECTIONS} connections for ${elapsed.toFixed(0)} s: ${stats.requests} requests, ${(stats.requests / elapsed).toFixed(0)} req/s, ` +
      `errors ${stats.errors} (must be 0)`,
    'per operation:',
    ...stats.lines(elapsed),
    ...cpuLines,
    `  load generator (this process, not counted above) ${Math.round((generator.user + generator.system) / stats.requests)} µs/request`,
    busyLine,
    loops.line(),
    ...waitLines,
    ...windows.lines(),
    ...traceLines,
    `resident memory per process, after ${warmUp / 1000} s of warm-up → half-time → end (bound: +${MEMORY_BOUND.fixedBytes / 1024 / 1024} MB + ${MEMORY_BOUND.fraction * 100}%):`,
    ...memory.lines,
    ...statements,
    pass
      ? 'soak: PASS'
      : `soak: FAIL (${stats.errors} errors${memory.exceeded.length ? `; memory over the bound: ${memory.exceeded.join(', ')}` : ''})`,
  ];
}

/** What every connection shares: the client, the figures, and which requests to trace. */
interface Soak {
  http: Http;
  stats: OperationStats;
  tracing: Tracing | undefined;
}

/** Traces one request in every `1 / share` (a counter, not a coin: the same requests in every run). */
class Tracing {
  readonly requests: TracedRequest[] = [];
  private readonly ids = new TraceIds();
  private readonly every: number;
  private n = 0;

  constructor(share: number) {
    this.every = Math.max(1, Math.round(1 / share));
  }

  /** A caller sending a sampled `traceparent`, or undefined when this request is not traced. */
  next(http: Http): { caller: Caller; traceId: string } | undefined {
    if (this.n++ % this.every !== 0) return undefined;
    const { traceId, traceparent } = this.ids.next();
    return { caller: http.withHeaders({ traceparent }), traceId };
  }
}

/** One connection: picks an operation by weight until the deadline. */
async function connection(soak: Soak, spaces: SoakSpace[], index: number, deadline: number): Promise<void> {
  const space = spaces[index % spaces.length];
  // Its own page: no two connections edit one page, so merges never conflict.
  const ownPage = space.pages[Math.floor(index / spaces.length)];
  let n = 0;
  while (Date.now() < deadline) {
    n++;
    const page = space.pages[(index * 7 + n) % space.pages.length];
    const roll = (index * 31 + n * 17) % 100;
    const word = WORDS[n % WORDS.length];
    if (roll < 25) await timed(soak, 'read page', (http) => soakRequests.readPage(http, space.id, page));
    else if (roll < 38) await timed(soak, 'read page tree', (http) => soakRequests.readPageTree(http, space.id));
    else if (roll < 46) await timed(soak, 'read space', (http) => soakRequests.readSpace(http, space.id));
    else if (roll < 61) await timed(soak, 'search space', (http) => soakRequests.searchSpace(http, space.id, word));
    else if (roll < 71) await timed(soak, 'post comment', (http) => soakRequests.postComment(http, space.id, `${index}.${n}`, word));
    else if (roll < 80) await timed(soak, 'list comments', (http) => soakRequests.listComments(http, space.id));
    else await editAndMerge(soak, space.id, ownPage, `${index}.${n}`);
  }
}

/** A change request opened, its connection's own page edited, then merged into a main that others keep moving. */
async function editAndMerge(soak: Soak, space: string, page: string, tag: string): Promise<void> {
  const cr = await timed(soak, 'open change request', (http) => soakRequests.openChangeRequest(http, space, tag));
  if (!cr) return;
  if (!(await timed(soak, 'edit change request', (http) => soakRequests.editChangeRequest(http, space, cr.id, page, tag)))) return;
  await timed(soak, 'merge change request', (http) => soakRequests.mergeChangeRequest(http, space, cr.id));
}

async function timed<T>(soak: Soak, operation: string, work: (http: Caller) => Promise<T>): Promise<T | undefined> {
  const traced = soak.tracing?.next(soak.http);
  const start = performance.now();
  try {
    const result = await work(traced?.caller ?? soak.http);
    const ms = performance.now() - start;
    soak.stats.record(operation, ms, start);
    if (traced) soak.tracing!.requests.push({ traceId: traced.traceId, operation, ms });
    return result;
  } catch (error) {
    soak.stats.fail(operation, (error as Error).message);
    return undefined;
  }
}

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
