import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { appEntry, freePort, GATEWAY, type LocalStack, SERVICES, startProcess, stopPid } from '@bindery/stack';
import { controlTestStack, testStack } from '@bindery/testing';
import { formatLoad, load, type LoadResult } from './load';
import { cpuPerRequest, formatCpu, formatLoadAverage, postgresPids, type ProcessSet, sampleCpu } from './process-cpu';

const CONNECTIONS = 64;
const QUICK = process.env.BENCH_QUICK === '1';
const SECONDS = Number(process.env.BENCH_SECONDS ?? (QUICK ? 3 : 10));
const WARM_SECONDS = QUICK ? 1 : 2;

/**
 * GET /v1/orgs/{id} through gateway → NATS → identity → Postgres with the shipped defaults (rate
 * limiter on), the same through a second gateway with the limiter off, and a bare Fastify + pg
 * route reading the same row (the floor), all in one run: compare ratios, not absolute figures.
 * Each line carries the CPU each process spent per request (/proc) and the load average.
 * Target: ≥ 0.45 × the floor's throughput, p99 ≤ 2 × the floor's p99; limiter cost < 5 %.
 * `--quick`: the limiter-on gateway and the floor only, a few seconds each (CI smoke).
 */
export async function gatewayBench(): Promise<string[]> {
  const stack = await controlTestStack();
  const { gatewayUrl, adminToken, adminOrganizationId } = testStack();
  const identity = SERVICES.find((s) => s.name === 'identity')!;
  const floor = await startFloor(stack.envFor(identity).DATABASE_URL!);
  const unlimited = QUICK ? undefined : await startUnlimitedGateway(stack);
  const pg = (): number[] => postgresPids(stack.state.postgres.dataDir);
  const pid = (name: string) => (): number[] => (stack.state.pids[name] ? [stack.state.pids[name]] : []);
  try {
    const path = `/v1/orgs/${adminOrganizationId}`;
    const headers = { authorization: `Bearer ${adminToken}` };
    const chain = (gateway: () => number[]): ProcessSet => ({ gateway, identity: pid('identity'), 'nats-server': pid('nats'), postgres: pg });
    const runs: Array<{ name: string; url: string; headers?: Record<string, string>; processes: ProcessSet }> = [
      { name: 'gateway (limiter on, default)', url: `${gatewayUrl}${path}`, headers, processes: chain(pid('gateway')) },
      ...(unlimited ? [{ name: 'gateway (limiter off)', url: `${unlimited.url}${path}`, headers, processes: chain(() => [unlimited.child.pid!]) }] : []),
      { name: 'floor: bare Fastify + pg', url: `http://127.0.0.1:${floor.port}/orgs/${adminOrganizationId}`, processes: { floor: () => [floor.child.pid!], postgres: pg } },
    ];
    const lines = [`GET /v1/orgs/{id}, ${CONNECTIONS} connections, ${SECONDS} s each, 127.0.0.1${QUICK ? ' (--quick)' : ''}`];
    const results: LoadResult[] = [];
    for (const run of runs) {
      // Warm the path (JIT, pools, token cache) before measuring.
      await load(run.url, { connections: CONNECTIONS, seconds: WARM_SECONDS, headers: run.headers });
      const before = sampleCpu(run.processes);
      const result = await load(run.url, { connections: CONNECTIONS, seconds: SECONDS, headers: run.headers });
      const perRequest = cpuPerRequest(before, sampleCpu(run.processes), result.requests ?? 0);
      results.push(result);
      lines.push(formatLoad(run.name, result), `    ${formatCpu(perRequest)}   (${formatLoadAverage()})`);
    }
    const bare = results[results.length - 1];
    const ratio = (result: LoadResult): string => (result.requestsPerSecond / bare.requestsPerSecond).toFixed(3);
    lines.push(
      `ratio to the floor: limiter on ${ratio(results[0])} × (target ≥ 0.45), p99 ${(results[0].p99 / Math.max(1, bare.p99)).toFixed(2)} × the floor's (target ≤ 2)`,
    );
    if (unlimited) {
      const cost = 100 * (1 - results[0].requestsPerSecond / results[1].requestsPerSecond);
      lines.push(`limiter off ${ratio(results[1])} ×; the limiter costs ${cost.toFixed(1)} % of read throughput (target < 5 %)`);
    }
    return lines;
  } finally {
    floor.child.kill('SIGTERM');
    if (unlimited?.child.pid) await stopPid(unlimited.child.pid, appEntry(GATEWAY));
  }
}

/** The bare reference, in its own process so it competes for the CPU like the stack. */
async function startFloor(databaseUrl: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = fork(join(__dirname, 'reference-server.js'), [], { env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl } });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`reference server exited (${code})`)));
  });
  return { child, port };
}

/** A second gateway replica on the same stack with the rate limiter off, for the on/off comparison. */
async function startUnlimitedGateway(stack: LocalStack): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const env = {
    ...stack.envFor(GATEWAY),
    PORT: String(port),
    METRICS_PORT: String(await freePort()),
    RATE_LIMIT_PER_TOKEN: '0',
    RATE_LIMIT_PER_ADDRESS: '0',
  };
  const child = startProcess(process.execPath, [appEntry(GATEWAY)], stack.logFile('gateway-unlimited'), env);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ready = await fetch(`${url}/healthz`).then((response) => response.ok, () => false);
    if (ready) return { child, url };
    if (Date.now() > deadline) throw new Error('the limiter-off gateway did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
