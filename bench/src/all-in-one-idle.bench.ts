import { readdirSync, readFileSync } from 'node:fs';
import { ALL_APPS, ALL_IN_ONE, type LocalStack } from '@bindery/stack';
import { controlTestStack } from '@bindery/testing';
import { formatLoadAverage, sampleCpu } from './process-cpu';

/**
 * The small install idle (issue 32): every app in one process (apps/all-in-one), freshly started,
 * after a warm-up; its resident memory (every thread's: the services', the jobs thread's) and its
 * CPU over `BENCH_IDLE_SECONDS` (30 s). Targets: ≤ 450 MB resident, ≤ 1 % of one core. A stack in
 * the per-process topology is moved to the all-in-one one for the measurement, and back. Beside
 * the CPU, which a loaded machine inflates, its wake-ups: the voluntary context switches of all
 * its threads (each time one sleeps for lack of work: a timer, a socket, a heartbeat woke it).
 */
export async function allInOneIdleBench(): Promise<string[]> {
  const seconds = Number(process.env.BENCH_IDLE_SECONDS ?? 30);
  const warmUp = Number(process.env.BENCH_IDLE_WARMUP_SECONDS ?? 20);
  const stack = await controlTestStack();
  const switched = stack.state.topology !== ALL_IN_ONE;
  if (switched) await switchTopology(stack, ALL_IN_ONE);
  try {
    const pid = stack.state.pids[ALL_IN_ONE];
    const processes = { [ALL_IN_ONE]: () => [pid] };
    await new Promise((resolve) => setTimeout(resolve, warmUp * 1000));
    const before = sampleCpu(processes);
    const switchesBefore = voluntarySwitches(pid);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const cpuPercent = (sampleCpu(processes)[ALL_IN_ONE] - before[ALL_IN_ONE]) / (seconds * 1e4);
    const wakeUpsPerMinute = ((voluntarySwitches(pid) - switchesBefore) * 60) / seconds;
    const rssMb = residentKb(pid) / 1024;
    return [
      `all-in-one idle over ${seconds} s after ${warmUp} s: ${rssMb.toFixed(0)} MB resident (target ≤ 450 MB), ${cpuPercent.toFixed(2)} % of one core (target ≤ 1 %), ` +
        `${wakeUpsPerMinute.toFixed(0)} wake-ups a minute   (${formatLoadAverage()})`,
    ];
  } finally {
    if (switched) await switchTopology(stack, 'processes');
  }
}

/** Stops every app and starts them again in `topology`. */
async function switchTopology(stack: LocalStack, topology: 'processes' | typeof ALL_IN_ONE): Promise<void> {
  if (topology === ALL_IN_ONE) for (const app of [...ALL_APPS].reverse()) await stack.stopApp(app.name);
  else await stack.stopApp(ALL_IN_ONE);
  stack.state.topology = topology;
  stack.save();
  await stack.startApps(180_000);
}

/** VmRSS of a process: every thread's memory, in KiB. */
function residentKb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? 0);
}

/** Voluntary context switches of every thread of a process so far (threads that ended are not counted). */
function voluntarySwitches(pid: number): number {
  let total = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      const line = readFileSync(`/proc/${pid}/task/${task}/status`, 'utf8')
        .split('\n')
        .find((l) => l.startsWith('voluntary_ctxt_switches:'));
      total += Number(line?.split(/\s+/)[1] ?? 0);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return total;
}
