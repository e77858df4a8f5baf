import { testStack, testTopology } from '@bindery/testing';
import { resetStatementStatistics, topStatements } from './pg-statements';
import { profileApps, SoakCpu } from './soak-cpu';
import { Http, seed, type SoakSpace, soakRequests, WORDS } from './soak-workload';
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
 * the end (bound: `MEMORY_BOUND`); `BENCH_CPU_PROF_DIR` profiles the busiest apps (`soak-cpu.ts`). Each
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
  console.log(`soak: ${CONNECTIONS} connections for ${seconds} s …`);
  await resetStatementStatistics();

  const generatorBefore = process.cpuUsage();
  const busyBefore = await loopBusySeconds(metricsPorts);
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
  const generator = process.cpuUsage(generatorBefore);
  const busyLine = loopBusyLine(busyBefore, await loopBusySeconds(metricsPorts), elapsed);
  // Let in-flight background work (search indexing, outbox) settle before the last sample.
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const endMemory = await appMemory(metricsPorts);
  const statements = await topStatements();
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
    `resident memory per process, after ${warmUp / 1000} s of warm-up → half-time → end (bound: +${MEMORY_BOUND.fixedBytes / 1024 / 1024} MB + ${MEMORY_BOUND.fraction * 100}%):`,
    ...memory.lines,
    ...statements,
    pass
      ? 'soak: PASS'
      : `soak: FAIL (${stats.errors} errors${memory.exceeded.length ? `; memory over the bound: ${memory.exceeded.join(', ')}` : ''})`,
  ];
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
    const word = WORDS[n % WORDS.length];
    if (roll < 25) await timed(stats, 'read page', () => soakRequests.readPage(http, space.id, page));
    else if (roll < 38) await timed(stats, 'read page tree', () => soakRequests.readPageTree(http, space.id));
    else if (roll < 46) await timed(stats, 'read space', () => soakRequests.readSpace(http, space.id));
    else if (roll < 61) await timed(stats, 'search space', () => soakRequests.searchSpace(http, space.id, word));
    else if (roll < 71) await timed(stats, 'post comment', () => soakRequests.postComment(http, space.id, `${index}.${n}`, word));
    else if (roll < 80) await timed(stats, 'list comments', () => soakRequests.listComments(http, space.id));
    else await editAndMerge(http, stats, space.id, ownPage, `${index}.${n}`);
  }
}

/** A change request opened, its connection's own page edited, then merged into a main that others keep moving. */
async function editAndMerge(http: Http, stats: OperationStats, space: string, page: string, tag: string): Promise<void> {
  const cr = await timed(stats, 'open change request', () => soakRequests.openChangeRequest(http, space, tag));
  if (!cr) return;
  if (!(await timed(stats, 'edit change request', () => soakRequests.editChangeRequest(http, space, cr.id, page, tag)))) return;
  await timed(stats, 'merge change request', () => soakRequests.mergeChangeRequest(http, space, cr.id));
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
