import { readdirSync, readFileSync } from 'node:fs';
import { ALL_APPS, ALL_IN_ONE, allInOneEntry, allInOneNodeArgs, type LocalStack, startProcess } from '@bindery/stack';
import { controlTestStack } from '@bindery/testing';
import { formatLoadAverage } from './process-cpu';

/**
 * The small install idle (issue 32): every app in one process (apps/all-in-one), freshly started,
 * its CPU by thread and its resident memory (every thread's). Targets: ≤ 450 MB resident and
 * ≤ 1 % of one core idle, which this bench judges from 60 s to 180 s after the process serves
 * (`BENCH_IDLE_FROM_SECONDS`, `BENCH_IDLE_UNTIL_SECONDS`): the process at rest once its start is
 * over. The start (loading every app, migrations checked, each thread's startup collections, V8's
 * memory reducer collecting every heap once more and its helper threads marking) is printed apart,
 * from the process's start until that window, with a timeline of 10 s steps, so its cost is seen
 * and not mistaken for the idle one. Counted from when it serves, not from its start: on a loaded
 * machine the start alone took 55–85 s (8–10 s quiet).
 *
 * Counted from `/proc/<pid>/task/<tid>/stat` (CPU) and `status` (voluntary context switches:
 * each time a thread slept for lack of work, so what woke it is a wake-up), sampled every second,
 * by thread: the main thread (the gateway, identity, the lighter services, the reader), the
 * services and jobs threads (named for the system by the process: apps-thread-main.ts), and the
 * rest (V8's helper threads: compiling, concurrent marking; libuv's pool; the Markdown threads).
 * CPU a loaded machine inflates little (the process runs what it has to either way); wake-ups not.
 *
 * A stack in the per-process topology is moved to the all-in-one one for the measurement, and back.
 * `BENCH_CPU_PROF_DIR=/tmp/prof`: the process runs under `--cpu-prof` (one profile per thread,
 * written when it stops after the bench), to see what runs at idle; the profiler's own sampling
 * then adds to the CPU printed. `BENCH_IDLE_NODE_FLAGS='--trace-gc'`: other flags for the process
 * (its output in the stack's logs, `all-in-one-flagged.log`; `BINDERY_KEEP_TEST_DATA=1` keeps them).
 */
export async function allInOneIdleBench(): Promise<string[]> {
  const fromServing = Number(process.env.BENCH_IDLE_FROM_SECONDS ?? 60);
  const untilServing = Number(process.env.BENCH_IDLE_UNTIL_SECONDS ?? 180);
  const stack = await controlTestStack();
  const switched = stack.state.topology !== ALL_IN_ONE;
  if (switched) await switchTopology(stack, ALL_IN_ONE);
  const profileDir = process.env.BENCH_CPU_PROF_DIR;
  const flags = [
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    ...(process.env.BENCH_IDLE_NODE_FLAGS?.split(/\s+/) ?? []),
  ].filter(Boolean);
  const flagged = flags.length > 0;
  if (flagged) await restartWithFlags(stack, flags);
  try {
    const pid = stack.state.pids[ALL_IN_ONE];
    const threads = new ThreadCpu(pid);
    const ready = secondsSinceStart(pid);
    const samples: ThreadSample[] = [threads.sample()];
    let rssAtFrom: number | undefined;
    const [from, until] = [ready + fromServing, ready + untilServing];
    while (samples[samples.length - 1].at < until) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      samples.push(threads.sample());
      if (rssAtFrom === undefined && samples[samples.length - 1].at >= from) rssAtFrom = residentKb(pid) / 1024;
    }
    const rssMb = residentKb(pid) / 1024;
    const idle = between(samples, from, until);
    const lines = [
      `all-in-one idle from ${fromServing} s to ${untilServing} s after it serves (${ready.toFixed(1)} s after its start): ` +
        `${percent(idle.total)} of one core (target ≤ 1 %), ${rssMb.toFixed(0)} MB resident at the end ` +
        `(${(rssAtFrom ?? rssMb).toFixed(0)} MB at ${fromServing} s; target ≤ 450 MB)   (${formatLoadAverage()})`,
      `  by thread: ${describeWindow(idle)}`,
    ];
    const start = between(samples, 0, from);
    lines.push(`start, from the process's start until ${fromServing} s after it serves: ${percent(start.total)} of one core`);
    lines.push(`  by thread: ${describeWindow(start)}`);
    lines.push(
      `timeline after it serves, % of one core per 10 s (main / services / jobs / other; wake-ups a second; MB resident at its end):`,
    );
    for (let at = 0; at + 10 <= untilServing; at += 10) {
      const step = between(samples, ready + at, ready + at + 10);
      const parts = GROUPS.map((group) => step.cpu[group].toFixed(2)).join(' / ');
      lines.push(
        `  ${String(at).padStart(3)}–${String(at + 10).padEnd(3)} s  ${parts}   ${step.wakeUpsPerSecond.toFixed(0).padStart(3)}   ${step.rssMb.toFixed(0)} MB`,
      );
    }
    return lines;
  } finally {
    if (flagged) {
      await stack.stopApp(ALL_IN_ONE);
      if (!switched) {
        stack.startAllInOne();
        await stack.waitUntilReady(180_000);
      }
    }
    if (switched) await switchTopology(stack, 'processes');
  }
}

/** The all-in-one process started again with more Node flags (`--cpu-prof`, `--trace-gc`). */
async function restartWithFlags(stack: LocalStack, flags: string[]): Promise<void> {
  await stack.stopApp(ALL_IN_ONE);
  const args = [...flags, ...allInOneNodeArgs(stack.allInOneEnv().NODE_OPTIONS), allInOneEntry()];
  const child = startProcess(process.execPath, args, stack.logFile(`${ALL_IN_ONE}-flagged`), stack.allInOneEnv());
  stack.state.pids[ALL_IN_ONE] = child.pid!;
  await stack.waitUntilReady(180_000);
}

/** How the bench groups the process's threads (see allInOneIdleBench). */
const GROUPS = ['main', 'services', 'jobs', 'other'] as const;
type Group = (typeof GROUPS)[number];

/** Cumulative CPU (µs) and voluntary switches per group, `at` seconds after the process started. */
interface ThreadSample {
  at: number;
  /** The process's resident memory then, in MB. */
  rssMb: number;
  cpu: Record<Group, number>;
  switches: Record<Group, number>;
}

/** Each thread's CPU and switches so far, kept after it ends (a Markdown thread, a worker's pool), so sums only grow. */
class ThreadCpu {
  private readonly seen = new Map<string, { group: Group; cpu: number; switches: number }>();

  constructor(private readonly pid: number) {}

  sample(): ThreadSample {
    const at = secondsSinceStart(this.pid);
    for (const tid of tasks(this.pid)) {
      const stat = taskStat(this.pid, tid);
      const switches = voluntarySwitches(this.pid, tid);
      if (!stat || switches === undefined) continue;
      this.seen.set(tid, { group: groupOf(this.pid, tid, stat.comm), cpu: stat.cpuMicros, switches });
    }
    const cpu = Object.fromEntries(GROUPS.map((group) => [group, 0])) as Record<Group, number>;
    const switches = { ...cpu };
    for (const thread of this.seen.values()) {
      cpu[thread.group] += thread.cpu;
      switches[thread.group] += thread.switches;
    }
    return { at, rssMb: residentKb(this.pid) / 1024, cpu, switches };
  }
}

/** A window's share of one core per group (%), its total, and its wake-ups a second. */
interface Window {
  cpu: Record<Group, number>;
  total: number;
  wakeUpsPerSecond: number;
  wakeUps: Record<Group, number>;
  /** Resident memory at the window's end, in MB. */
  rssMb: number;
}

/** The samples nearest `from` and `to` (from 0: the process's start, when every count was 0). */
function between(samples: ThreadSample[], from: number, to: number): Window {
  const nearest = (at: number): ThreadSample =>
    samples.reduce((best, sample) => (Math.abs(sample.at - at) < Math.abs(best.at - at) ? sample : best));
  const zero = { at: 0, rssMb: 0, cpu: { main: 0, services: 0, jobs: 0, other: 0 }, switches: { main: 0, services: 0, jobs: 0, other: 0 } };
  const first = from <= 0 ? zero : nearest(from);
  const last = nearest(to);
  const seconds = Math.max(last.at - first.at, 1e-3);
  const cpu = Object.fromEntries(GROUPS.map((g) => [g, (last.cpu[g] - first.cpu[g]) / (seconds * 1e4)])) as Record<Group, number>;
  const wakeUps = Object.fromEntries(GROUPS.map((g) => [g, ((last.switches[g] - first.switches[g]) * 60) / seconds])) as Record<
    Group,
    number
  >;
  const total = GROUPS.reduce((sum, g) => sum + cpu[g], 0);
  const wakeUpsPerSecond = GROUPS.reduce((sum, g) => sum + wakeUps[g], 0) / 60;
  return { cpu, total, wakeUpsPerSecond, wakeUps, rssMb: last.rssMb };
}

function describeWindow(window: Window): string {
  return GROUPS.map((g) => `${g} ${percent(window.cpu[g])} (${window.wakeUps[g].toFixed(0)} wake-ups a minute)`).join(', ');
}

const percent = (value: number): string => `${value.toFixed(2)} %`;

/** Stops every app and starts them again in `topology`. */
async function switchTopology(stack: LocalStack, topology: 'processes' | typeof ALL_IN_ONE): Promise<void> {
  if (topology === ALL_IN_ONE) for (const app of [...ALL_APPS].reverse()) await stack.stopApp(app.name);
  else await stack.stopApp(ALL_IN_ONE);
  stack.state.topology = topology;
  stack.save();
  await stack.startApps(180_000);
}

/** USER_HZ: what Linux counts `/proc` CPU times in (100 on every architecture it runs Node on). */
const TICKS_PER_SECOND = 100;

function tasks(pid: number): string[] {
  try {
    return readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
}

/** A task's name and utime + stime (µs); undefined once it ended. */
function taskStat(pid: number, tid: string): { comm: string; cpuMicros: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    return { comm, cpuMicros: ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND };
  } catch {
    return undefined;
  }
}

/** The main thread is the process's first task; the apps threads name themselves (apps-thread-main.ts). */
function groupOf(pid: number, tid: string, comm: string): Group {
  if (tid === String(pid)) return 'main';
  if (comm === 'services' || comm === 'jobs') return comm;
  return 'other';
}

/** Seconds since the process started: /proc/uptime against its start time (field 22 of stat, in ticks after boot). */
function secondsSinceStart(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const startTicks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
  const uptime = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
  return uptime - startTicks / TICKS_PER_SECOND;
}

/** VmRSS of a process: every thread's memory, in KiB. */
function residentKb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? 0);
}

/** A thread's voluntary context switches so far; undefined once it ended. */
function voluntarySwitches(pid: number, tid: string): number | undefined {
  try {
    const line = readFileSync(`/proc/${pid}/task/${tid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('voluntary_ctxt_switches:'));
    return Number(line?.split(/\s+/)[1] ?? 0);
  } catch {
    return undefined;
  }
}
