import {
  ALL_APPS,
  ALL_IN_ONE,
  allInOneNodeArgs,
  allInOneEntry,
  appEntry,
  heapLimitArgs,
  type LocalStack,
  startProcess,
} from '@bindery/stack';
import { controlTestStack } from '@bindery/testing';
import { cpuPerRequest, type CpuSample, formatLoadAverage, postgresPids, type ProcessSet, sampleCpu } from './process-cpu';

/**
 * CPU per request of every process of the stack during the soak (/proc, as `process-cpu.ts`
 * reads it): Postgres as one, nats-server, each app and worker. Pids are read at sampling time,
 * so an app restarted under the profiler is still counted.
 */
export class SoakCpu {
  private before: CpuSample = {};

  private constructor(readonly processes: ProcessSet) {}

  static async watch(): Promise<SoakCpu> {
    const stack = await controlTestStack();
    const processes: ProcessSet = { postgres: () => postgresPids(stack.state.postgres.dataDir) };
    for (const name of Object.keys(stack.state.pids)) processes[name] = () => (stack.state.pids[name] ? [stack.state.pids[name]] : []);
    return new SoakCpu(processes);
  }

  start(): void {
    this.before = sampleCpu(this.processes);
  }

  /** µs per request per process, largest first, and the total; the load average beside them. */
  lines(requests: number): string[] {
    const perRequest = Object.entries(cpuPerRequest(this.before, sampleCpu(this.processes), requests))
      .filter(([, micros]) => micros >= 1)
      .sort(([, a], [, b]) => b - a);
    const total = perRequest.reduce((sum, [, micros]) => sum + micros, 0);
    return [
      `CPU µs/request (all operations, /proc): total ${Math.round(total)}   (${formatLoadAverage()})`,
      '  ' + perRequest.map(([name, micros]) => `${name} ${Math.round(micros)}`).join(' / '),
    ];
  }
}

/** The apps `BENCH_CPU_PROF_DIR` profiles (or `SOAK_NODE_FLAGS` restarts) during the soak (`SOAK_PROFILE_APPS=a,b` to choose). */
const PROFILED = (process.env.SOAK_PROFILE_APPS ?? 'gateway,content,identity,collaboration').split(',');

/**
 * Node/V8 flags the profiled apps restart with (`SOAK_NODE_FLAGS='--trace-gc --trace-opt'`): flags
 * Node refuses in NODE_OPTIONS, to count what a cold process does in the soak (collections,
 * optimisations, deoptimisations) or to try other sizes than the planned ones; their output goes
 * to the app's `<app>-profiled.log` (kept with BINDERY_KEEP_TEST_DATA=1).
 */
export const extraNodeFlags = (value = process.env.SOAK_NODE_FLAGS): string[] => (value ?? '').split(/\s+/).filter(Boolean);

/**
 * `BENCH_CPU_PROF_DIR=/tmp/prof`: the profiled apps restart under `--cpu-prof` after the seed and
 * restart plainly after the load, so their V8 CPU profiles (written there when they stop; Chrome
 * DevTools, speedscope) cover the soak only. Node refuses `--cpu-prof` in NODE_OPTIONS, so they
 * start here with the flag (as gateway.bench.ts starts its replicas), under the stack's pid entry
 * so the CPU figures and the stack's stop find them. `SOAK_NODE_FLAGS` restarts them the same way
 * with those flags, profiled or not. Without either, both are no-ops.
 */
export async function profileApps(): Promise<() => Promise<void>> {
  const dir = process.env.BENCH_CPU_PROF_DIR;
  const extra = extraNodeFlags();
  if (!dir && extra.length === 0) return () => Promise.resolve();
  const profiling = dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
  const stack = await controlTestStack();
  if (stack.state.topology === ALL_IN_ONE) return profileAllInOne(stack, [...profiling, ...extra]);
  const apps = ALL_APPS.filter((app) => PROFILED.includes(app.name));
  for (const app of apps) {
    await stack.stopApp(app.name);
    const env = stack.envFor(app);
    // The extra flags last: V8 takes a flag's last value, so they may override the planned ones (`--max-semi-space-size=64`).
    const flags = [...profiling, ...heapLimitArgs(app, env.NODE_OPTIONS), ...extra];
    stack.state.pids[app.name] = startProcess(process.execPath, [...flags, appEntry(app)], stack.logFile(`${app.name}-profiled`), env).pid!;
  }
  await stack.waitUntilReady(120_000);
  return async () => {
    for (const app of apps) {
      await stack.stopApp(app.name);
      stack.startApp(app);
    }
    await stack.waitUntilReady(120_000);
  };
}

/**
 * The all-in-one process restarted under `--cpu-prof`: V8 writes one profile per thread (the main,
 * services and jobs threads, and the Markdown threads), each named with its thread id.
 */
async function profileAllInOne(stack: LocalStack, nodeFlags: string[]): Promise<() => Promise<void>> {
  await stack.stopApp(ALL_IN_ONE);
  const flags = [...allInOneNodeArgs(stack.allInOneEnv().NODE_OPTIONS), ...nodeFlags];
  const child = startProcess(process.execPath, [...flags, allInOneEntry()], stack.logFile(`${ALL_IN_ONE}-profiled`), stack.allInOneEnv());
  stack.state.pids[ALL_IN_ONE] = child.pid!;
  await stack.waitUntilReady(120_000);
  return async () => {
    await stack.stopApp(ALL_IN_ONE);
    stack.startAllInOne();
    await stack.waitUntilReady(120_000);
  };
}
