import { controlTestStack } from '@bindery/testing';
import { formatLoadAverage, postgresPids, type ProcessSet, sampleCpu } from './process-cpu';

/**
 * The whole stack idle: after a warm-up, CPU per process (/proc) over `BENCH_IDLE_SECONDS`
 * (60 s), as % of one core, and the total. Target: < 2 % of one core. A process that wakes up
 * to find nothing (polling, sweeps) shows here.
 */
export async function idleBench(): Promise<string[]> {
  const seconds = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
  const warmUp = Number(process.env.BENCH_IDLE_WARMUP_SECONDS ?? 20);
  const stack = await controlTestStack();
  const processes: ProcessSet = { postgres: () => postgresPids(stack.state.postgres.dataDir) };
  for (const [name, pid] of Object.entries(stack.state.pids)) processes[name] = () => [pid];
  await new Promise((resolve) => setTimeout(resolve, warmUp * 1000));
  const before = sampleCpu(processes);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const after = sampleCpu(processes);
  const percent = Object.fromEntries(Object.keys(after).map((name) => [name, (after[name] - before[name]) / (seconds * 1e4)]));
  const total = Object.values(percent).reduce((sum, value) => sum + value, 0);
  const busiest = Object.entries(percent).sort((a, b) => b[1] - a[1]);
  return [
    `idle over ${seconds} s after ${warmUp} s: ${total.toFixed(2)} % of one core in ${busiest.length} processes (target < 2 %)   (${formatLoadAverage()})`,
    `    ${busiest.map(([name, value]) => `${name} ${value.toFixed(2)} %`).join(' / ')}`,
  ];
}
