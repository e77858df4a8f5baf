import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { type AppSpec, appEntry, freePort, GATEWAY, heapLimitArgs, type LocalStack, SERVICES, startProcess, stopPid } from '@bindery/stack';
import { controlTestStack, testNats, testStack } from '@bindery/testing';
import { connect } from '@nats-io/transport-node';
import { formatLoad, load, type LoadResult } from './load';
import { cpuPerRequest, formatCpu, formatLoadAverage, postgresPids, type ProcessSet, sampleCpu } from './process-cpu';

const CONNECTIONS = 64;
/** The gateway's rate-limit counters (apps/gateway/src/rate-limit/rate-limit.guard.ts). */
const RATE_LIMIT_BUCKET = 'gateway_rate_limits';

/**
 * GET /v1/orgs/{id} through gateway → NATS → identity → Postgres with the shipped defaults (rate
 * limiter on), the same through a second gateway with the limiter off, and a bare Fastify + pg
 * route reading the same row (the floor), all in one run: compare ratios, not absolute figures.
 * Each line carries the CPU each process spent per request (/proc) and the load average, and
 * each run through a gateway its GC pauses per 1000 requests and identity's token verifications
 * (counts that hold on a loaded machine, where latency does not).
 * Target: ≥ 0.45 × the floor's throughput, p99 ≤ 2 × the floor's p99; limiter cost < 5 %.
 * Ratios are taken within each round (runs measured minutes apart are not compared) and the
 * median of the rounds is reported beside every round's value: one burst of other load on the
 * machine moves one round, not the figure.
 * `--quick`: the limiter-on gateway and the floor only, a few seconds each (CI smoke).
 */
export async function gatewayBench(): Promise<string[]> {
  const QUICK = process.env.BENCH_QUICK === '1';
  const SECONDS = Number(process.env.BENCH_SECONDS ?? (QUICK ? 3 : 10));
  const WARM_SECONDS = QUICK ? 1 : 2;
  // On and off alternate (three times unless quick), so a burst of other load on the machine does not land on one side only.
  const ROUNDS = QUICK ? 1 : Number(process.env.BENCH_ROUNDS ?? 3);
  const stack = await controlTestStack();
  const { gatewayUrl, adminToken, adminOrganizationId } = testStack();
  const identity = SERVICES.find((s) => s.name === 'identity')!;
  const floor = await startFloor(stack.envFor(identity).DATABASE_URL!);
  const profileDir = process.env.BENCH_CPU_PROF_DIR;
  // `BENCH_HEAP_PROF_DIR`: sampled allocation profiles (`--heap-prof`) of the same processes, to find what makes their minor GCs.
  const heapProfileDir = process.env.BENCH_HEAP_PROF_DIR;
  const profile = [
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    ...(heapProfileDir ? ['--heap-prof', `--heap-prof-dir=${heapProfileDir}`] : []),
  ];
  // On/off is measured between two replicas the bench starts alike (the stack's own gateway has
  // measured up to ~1.4× the CPU per request of an identical replica started later, limiter on in both).
  const limited = QUICK ? undefined : await startReplica(stack, profile, '1000000000');
  const unlimited = QUICK ? undefined : await startReplica(stack, profile, '0');
  // `BENCH_CPU_PROF_DIR=/tmp/prof`: identity, the stack's gateway and both gateway replicas run
  // under `--cpu-prof` and write V8 CPU profiles there when they stop (Chrome DevTools, speedscope).
  const profiledIdentity = profile.length > 0 ? await restartProfiled(stack, identity, profile) : undefined;
  const profiledGateway = profile.length > 0 ? await restartProfiled(stack, GATEWAY, profile) : undefined;
  const profiled: Record<string, ChildProcess | undefined> = { identity: profiledIdentity, gateway: profiledGateway };
  if (profile.length > 0)
    console.error(
      `profiles in ${profileDir ?? heapProfileDir}, by pid: stack gateway ${profiledGateway?.pid}, identity ${profiledIdentity?.pid}, ` +
        `limited replica ${limited?.child.pid}, unlimited replica ${unlimited?.child.pid}`,
    );
  const limiterMessages = await countLimiterMessages();
  const pg = (): number[] => postgresPids(stack.state.postgres.dataDir);
  const pid = (name: string) => (): number[] => {
    const restarted = profiled[name]?.pid;
    if (restarted) return [restarted];
    return stack.state.pids[name] ? [stack.state.pids[name]] : [];
  };
  try {
    const path = `/v1/orgs/${adminOrganizationId}`;
    const headers = { authorization: `Bearer ${adminToken}` };
    const chain = (gateway: () => number[]): ProcessSet => ({
      gateway,
      identity: pid('identity'),
      'nats-server': pid('nats'),
      postgres: pg,
    });
    type Run = { name: string; url: string; headers?: Record<string, string>; processes: ProcessSet; metrics?: MetricsPorts };
    const metrics = (gateway: number): MetricsPorts => ({ gateway, identity: stack.state.metricsPorts.identity });
    const on: Run = {
      name: 'gateway (limiter on, default)',
      url: `${gatewayUrl}${path}`,
      headers,
      processes: chain(pid('gateway')),
      metrics: metrics(stack.state.metricsPorts.gateway),
    };
    const replicaOn: Run | undefined = limited && {
      name: 'replica (limiter on)',
      url: `${limited.url}${path}`,
      headers,
      processes: chain(() => [limited.child.pid!]),
      metrics: metrics(limited.metricsPort),
    };
    const off: Run | undefined = unlimited && {
      name: 'replica (limiter off)',
      url: `${unlimited.url}${path}`,
      headers,
      processes: chain(() => [unlimited.child.pid!]),
      metrics: metrics(unlimited.metricsPort),
    };
    const bare: Run = {
      name: 'floor: bare Fastify + pg',
      url: `http://127.0.0.1:${floor.port}/orgs/${adminOrganizationId}`,
      processes: { floor: () => [floor.child.pid!], postgres: pg },
    };
    const lines = [`GET /v1/orgs/{id}, ${CONNECTIONS} connections, ${SECONDS} s each, 127.0.0.1${QUICK ? ' (--quick)' : ''}`];
    // Warm every path (JIT, pools, token cache) before measuring any (the limited replica was left cold before).
    for (const run of [on, replicaOn, off, bare])
      if (run) await load(run.url, { connections: CONNECTIONS, seconds: WARM_SECONDS, headers: run.headers });
    // By run, one entry per round (in round order).
    const results = new Map<Run, LoadResult[]>();
    const gatewayCpu = new Map<Run, number[]>();
    const measure = async (run: Run): Promise<void> => {
      const before = sampleCpu(run.processes);
      const countersBefore = run.metrics && (await sampleCounters(run.metrics));
      const pushesBefore = limiterMessages.count;
      const result = await load(run.url, { connections: CONNECTIONS, seconds: SECONDS, headers: run.headers });
      const perRequest = cpuPerRequest(before, sampleCpu(run.processes), result.requests ?? 0);
      results.set(run, [...(results.get(run) ?? []), result]);
      gatewayCpu.set(run, [...(gatewayCpu.get(run) ?? []), perRequest.gateway ?? 0]);
      lines.push(formatLoad(run.name, result), `    ${formatCpu(perRequest)}   (${formatLoadAverage()})`);
      if (countersBefore) {
        const counted = formatCounters(countersBefore, await sampleCounters(run.metrics!), result.requests ?? 0);
        const pushes = (1000 * (limiterMessages.count - pushesBefore)) / Math.max(1, result.requests ?? 0);
        lines.push(`    ${counted}; rate-limit counter pushes (all replicas) per 1000 requests ${pushes.toFixed(2)}`);
      }
    };
    // The floor runs in every round too: on this VM its throughput has moved by half between
    // runs of the same code, so a ratio is only sound against a floor measured beside it.
    for (let round = 0; round < ROUNDS; round++) {
      for (const run of round % 2 === 0 ? [on, replicaOn, off, bare] : [bare, off, replicaOn, on]) if (run) await measure(run);
    }
    // Each ratio within a round, then the median of the rounds (every round's value shown beside it).
    const perRound = (ratio: (round: number) => number): number[] => Array.from({ length: ROUNDS }, (_, round) => ratio(round));
    const at = (run: Run, round: number): LoadResult => results.get(run)![round];
    const throughput = perRound((round) => at(on, round).requestsPerSecond / at(bare, round).requestsPerSecond);
    const tail = perRound((round) => at(on, round).p99 / Math.max(1, at(bare, round).p99));
    lines.push(
      `ratio to the floor${ROUNDS === 1 ? '' : ` (median of ${ROUNDS} rounds)`}: limiter on ${formatMedian(throughput, 3, ' ×')} (target ≥ 0.45), ` +
        `p99 ${formatMedian(tail, 2, ' ×')} the floor's (target ≤ 2)`,
    );
    if (off && replicaOn) {
      const offRatio = perRound((round) => at(off, round).requestsPerSecond / at(bare, round).requestsPerSecond);
      const cost = perRound((round) => 100 * (1 - at(replicaOn, round).requestsPerSecond / at(off, round).requestsPerSecond));
      // Throughput alone moves with whatever else the machine runs; the gateway's own CPU per
      // request is the limiter's direct cost (the same on a busy machine, up to its contention).
      const cpu = (run: Run): number[] => gatewayCpu.get(run)!;
      const cpuCost = perRound((round) => 100 * (cpu(replicaOn)[round] / cpu(off)[round] - 1));
      lines.push(
        `limiter off ${formatMedian(offRatio, 3, ' ×')}; the limiter costs ${formatMedian(cost, 1, ' %')} of read throughput (target < 5 %)`,
        `gateway CPU per read: limiter on ${Math.round(median(cpu(replicaOn)))} µs, off ${Math.round(median(cpu(off)))} µs (medians); ` +
          `on/off per round ${formatMedian(cpuCost, 1, ' %')}   (${formatLoadAverage()})`,
      );
    }
    return lines;
  } finally {
    await limiterMessages.close();
    floor.child.kill('SIGTERM');
    if (limited?.child.pid) await stopPid(limited.child.pid, appEntry(GATEWAY), 30_000);
    if (unlimited?.child.pid) await stopPid(unlimited.child.pid, appEntry(GATEWAY), 30_000);
    for (const [app, child] of [
      [GATEWAY, profiledGateway],
      [identity, profiledIdentity],
    ] as const)
      if (child?.pid) {
        await stopPid(child.pid, appEntry(app), 30_000);
        stack.startApp(app);
      }
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** `0.512 × (rounds 0.498 0.512 0.530)`: the median, then every round's value. */
const formatMedian = (values: number[], digits: number, unit: string): string =>
  values.length === 1
    ? `${values[0].toFixed(digits)}${unit}`
    : `${median(values).toFixed(digits)}${unit} (rounds ${values.map((value) => value.toFixed(digits)).join(' ')})`;

/**
 * Counts the pushes of every replica's rate-limit counters (the KV bucket's subject), so the
 * limiter's sync traffic per read is a count beside the timed figures. Listens as the operator
 * (one account: it hears every app's traffic) on the bucket's subjects only, not on `>`.
 */
async function countLimiterMessages(): Promise<{ readonly count: number; close(): Promise<void> }> {
  const settings = testNats();
  const nc = await connect({ servers: settings.NATS_URL, user: settings.NATS_USER, pass: settings.NATS_PASSWORD });
  const tally = { count: 0 };
  nc.subscribe(`$KV.${RATE_LIMIT_BUCKET}.>`, { callback: (error) => void (error ? undefined : tally.count++) });
  await nc.flush();
  return {
    get count() {
      return tally.count;
    },
    close: () => nc.close(),
  };
}

/** The bare reference, in its own process so it competes for the CPU like the stack. */
async function startFloor(databaseUrl: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = fork(join(__dirname, 'reference-server.js'), [], {
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl },
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`reference server exited (${code})`)));
  });
  return { child, port };
}

/** Another gateway replica on the same stack, for the limiter on/off comparison (`perToken` 0: off). */
async function startReplica(
  stack: LocalStack,
  nodeFlags: string[],
  perToken: string,
): Promise<{ child: ChildProcess; url: string; metricsPort: number }> {
  const port = await freePort();
  const metricsPort = await freePort();
  const env = {
    ...stack.envFor(GATEWAY),
    PORT: String(port),
    METRICS_PORT: String(metricsPort),
    RATE_LIMIT_PER_TOKEN: perToken,
    RATE_LIMIT_PER_ADDRESS: perToken,
  };
  // The heap limit the stack gives its own gateway (it changes how often V8 collects): replicas alike.
  const flags = [...nodeFlags, ...heapLimitArgs(GATEWAY, process.env.NODE_OPTIONS)];
  const child = startProcess(process.execPath, [...flags, appEntry(GATEWAY)], stack.logFile(`gateway-replica-${port}`), env);
  const url = `http://127.0.0.1:${port}`;
  await until(
    () =>
      fetch(`${url}/healthz`).then(
        (response) => response.ok,
        () => false,
      ),
    'a gateway replica did not start',
  );
  return { child, url, metricsPort };
}

/** Stops one of the stack's services and starts it again with `nodeFlags` (under the profiler). */
async function restartProfiled(stack: LocalStack, app: AppSpec, nodeFlags: string[]): Promise<ChildProcess> {
  await stack.stopApp(app.name);
  const env = stack.envFor(app);
  const flags = [...nodeFlags, ...heapLimitArgs(app, env.NODE_OPTIONS)];
  const child = startProcess(process.execPath, [...flags, appEntry(app)], stack.logFile(`${app.name}-profiled`), env);
  // Ready once the gateway reaches it again (its readiness probe pings every service).
  const { gatewayUrl } = testStack();
  await until(
    () =>
      fetch(`${gatewayUrl}/readyz`).then(
        (response) => response.ok,
        () => false,
      ),
    `${app.name} did not start again`,
  );
  return child;
}

async function until(check: () => Promise<boolean>, failure: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(failure);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The metrics ports (`/metrics`) of the gateway a run goes through and of identity. */
type MetricsPorts = { gateway: number; identity: number };
type Counters = Record<string, number>;

/**
 * What a run costs in pauses and extra round trips, read from the processes' own metrics (prom-client's
 * `nodejs_gc_duration_seconds`, identity's RPC histogram): counts that do not depend on how busy the
 * machine is, unlike latency, so a change to the tail can be argued from them on a loaded machine.
 */
async function sampleCounters(ports: MetricsPorts): Promise<Counters> {
  const counters: Counters = {};
  for (const [name, port] of Object.entries(ports)) {
    const text = await fetch(`http://127.0.0.1:${port}/metrics`).then(
      (response) => response.text(),
      () => '',
    );
    // Label order and the registry's default labels (`service`) vary: match the series by its name and kind.
    for (const line of text.split('\n')) {
      const series = /^nodejs_gc_duration_seconds_(count|sum)\{/.exec(line)?.[1];
      const kind = /kind="(minor|major)"/.exec(line)?.[1];
      if (series && kind) counters[`${name} ${kind} ${series}`] = Number(line.slice(line.lastIndexOf(' ') + 1));
    }
    // The young generation's size: without a floor (`--min-semi-space-size`, libs/stack's
    // heapLimitArgs) V8 shrinks it at the first scavenge after an idle spell, and a smaller one
    // means more minor GCs for the same allocation: a replica that waited for its turn read slower.
    const newSpace = /^nodejs_heap_space_size_total_bytes\{[^}]*space="new"[^}]*\} (\S+)/m.exec(text)?.[1];
    if (newSpace) counters[`${name} new space`] = Number(newSpace);
    // The read's answers by status, so a run that answered errors (timeouts, 503s) says so.
    if (name === 'gateway')
      for (const line of text.split('\n')) {
        const status = /^bindery_http_request_duration_seconds_count\{[^}]*route="\/v1\/orgs\/:organizationId"[^}]*status="(\d+)"/.exec(
          line,
        )?.[1];
        if (status) counters[`status ${status}`] = (counters[`status ${status}`] ?? 0) + Number(line.slice(line.lastIndexOf(' ') + 1));
      }
    // Every outcome: a verification that failed was a round trip too.
    const verifications = text
      .split('\n')
      .filter((line) => line.startsWith('bindery_rpc_server_duration_seconds_count{') && line.includes('subject="identity.token.verify"'));
    if (name === 'identity')
      counters['token.verify'] = verifications.reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
  }
  return counters;
}

const mb = (bytes: number | undefined): string => (bytes === undefined ? '?' : (bytes / 2 ** 20).toFixed(1));

function formatCounters(before: Counters, after: Counters, requests: number): string {
  const delta = (key: string): number => (after[key] ?? 0) - (before[key] ?? 0);
  const gc = (name: string, kind: string): string =>
    `${((1000 * delta(`${name} ${kind} count`)) / Math.max(1, requests)).toFixed(2)} ${kind} (${Math.round(1000 * delta(`${name} ${kind} sum`))} ms in all)`;
  const failed = Object.keys(after)
    .filter((key) => key.startsWith('status ') && key !== 'status 200' && delta(key) > 0)
    .map((key) => `${key.slice('status '.length)} ×${delta(key)}`);
  return (
    (failed.length > 0 ? `answers other than 200: ${failed.join(', ')}; ` : '') +
    `GC per 1000 requests: gateway ${gc('gateway', 'minor')}, ${gc('gateway', 'major')} / identity ${gc('identity', 'minor')}, ` +
    `${gc('identity', 'major')}; identity.token.verify calls ${delta('token.verify')}; ` +
    `new space: gateway ${mb(before['gateway new space'])} → ${mb(after['gateway new space'])} MB, ` +
    `identity ${mb(before['identity new space'])} → ${mb(after['identity new space'])} MB`
  );
}
