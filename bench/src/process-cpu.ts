import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';

/**
 * CPU time per process from `/proc/<pid>/stat` (utime + stime), so a benchmark can print what
 * each process of the chain spent per request beside its latency. Linux only; elsewhere every
 * figure is 0. A Postgres cluster counts as one: the postmaster, every live backend, and the
 * backends that exited meanwhile (the postmaster's cutime + cstime).
 */

/** Processes to watch: a name and how to find its pids at sampling time. */
export type ProcessSet = Record<string, () => number[]>;
export type CpuSample = Record<string, number>;

const ticksPerSecond = ((): number => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces): [state, ppid, …]. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** utime + stime (+ cutime + cstime when `withChildren`), in µs. Fields 14–17 of stat. */
function cpuMicros(pid: number, withChildren = false): number {
  const fields = statFields(pid);
  if (!fields) return 0;
  const ticks = Number(fields[11]) + Number(fields[12]) + (withChildren ? Number(fields[13]) + Number(fields[14]) : 0);
  return (ticks * 1e6) / ticksPerSecond;
}

/**
 * CPU µs of the process's main thread (its task whose id is the pid): the rest of the process's
 * CPU ran on its other threads — in Node, V8's platform workers (optimising compilers,
 * concurrent marking and sweeping) and libuv's pool (file system, crypto, zlib).
 */
export function mainThreadMicros(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / ticksPerSecond;
  } catch {
    return 0;
  }
}

/** The postmaster (first line of postmaster.pid) and its live children. */
export function postgresPids(clusterDir: string): number[] {
  let postmaster: number;
  try {
    postmaster = Number(readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return [];
  }
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => statFields(pid)?.[1] === String(postmaster));
  return [postmaster, ...children];
}

/** CPU µs per process set now; the first pid of a set is also charged its exited children's CPU. */
export function sampleCpu(processes: ProcessSet): CpuSample {
  return Object.fromEntries(
    Object.entries(processes).map(([name, pids]) => [name, pids().reduce((sum, pid, i) => sum + cpuMicros(pid, i === 0), 0)]),
  );
}

/** µs of CPU per request per process set between two samples. */
export function cpuPerRequest(before: CpuSample, after: CpuSample, requests: number): CpuSample {
  return Object.fromEntries(Object.keys(after).map((name) => [name, requests > 0 ? (after[name] - (before[name] ?? 0)) / requests : 0]));
}

export const formatCpu = (perRequest: CpuSample): string =>
  'CPU µs/request: ' +
  Object.entries(perRequest)
    .map(([name, micros]) => `${name} ${Math.round(micros)}`)
    .join(' / ');

/** Load average over 1, 5 and 15 minutes: figures taken on a busy machine say so beside them. */
export const formatLoadAverage = (): string =>
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')}`;
