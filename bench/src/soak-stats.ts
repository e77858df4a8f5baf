import { ALL_IN_ONE, type Topology } from '@bindery/stack';

/** Figures of the soak bench: latencies per operation, errors, and the apps' memory. */

export class OperationStats {
  private readonly times = new Map<string, number[]>();
  /** Latencies of requests that started after the warm-up (`warmUpEnds`): the steady state. */
  private readonly warmTimes = new Map<string, number[]>();
  private readonly failures = new Map<string, { count: number; first: string[] }>();

  /** The `performance.now()` from which a request counts as steady state (JIT, caches and pools warm). */
  private warmUpEnds = 0;

  steadyFrom(at: number): void {
    this.warmUpEnds = at;
  }

  /** `startedAt`: the request's `performance.now()` at its start. */
  record(operation: string, ms: number, startedAt: number): void {
    listOf(this.times, operation).push(ms);
    if (startedAt >= this.warmUpEnds) listOf(this.warmTimes, operation).push(ms);
  }

  fail(operation: string, message: string): void {
    let entry = this.failures.get(operation);
    if (!entry) this.failures.set(operation, (entry = { count: 0, first: [] }));
    entry.count++;
    if (entry.first.length < 3) entry.first.push(message.slice(0, 300));
  }

  get errors(): number {
    return [...this.failures.values()].reduce((n, f) => n + f.count, 0);
  }

  get requests(): number {
    return [...this.times.values()].reduce((n, t) => n + t.length, 0);
  }

  /**
   * One line per operation: p50 and p99 over the whole run (what the target is judged on), then
   * the p99 of the requests started after the warm-up, so a tail made only of the first seconds'
   * cold start shows as such.
   */
  lines(seconds: number): string[] {
    const lines: string[] = [];
    for (const [operation, times] of [...this.times].sort(([a], [b]) => a.localeCompare(b))) {
      const sorted = Float64Array.from(times).sort();
      const warm = Float64Array.from(this.warmTimes.get(operation) ?? []).sort();
      const failed = this.failures.get(operation)?.count ?? 0;
      lines.push(
        `  ${operation.padEnd(26)} ${String(times.length).padStart(8)} ok ${(times.length / seconds).toFixed(1).padStart(8)}/s` +
          `   p50 ${percentile(sorted, 0.5).toFixed(1).padStart(7)} ms   p99 ${percentile(sorted, 0.99).toFixed(1).padStart(7)} ms` +
          `   (after warm-up ${percentile(warm, 0.99).toFixed(1).padStart(7)} ms)   errors ${failed}`,
      );
    }
    for (const [operation, { count, first }] of this.failures) {
      if (!this.times.has(operation)) lines.push(`  ${operation.padEnd(26)}        0 ok   errors ${count}`);
      for (const message of first) lines.push(`    ${operation} error: ${message}`);
    }
    return lines;
  }
}

function listOf(map: Map<string, number[]>, key: string): number[] {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  return list;
}

export const percentile = (sorted: Float64Array, q: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Resident memory (bytes) of each app, from `process_resident_memory_bytes` on its metrics port. */
export async function appMemory(metricsPorts: Record<string, number>): Promise<Record<string, number>> {
  const entries = await Promise.all(
    Object.entries(metricsPorts).map(async ([app, port]) => {
      try {
        const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
        const line = text.split('\n').find((l) => l.startsWith('process_resident_memory_bytes'));
        return [app, line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : NaN] as const;
      } catch {
        return [app, NaN] as const;
      }
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * The metrics ports of the processes `topology` runs: one per app, or the all-in-one process's
 * alone (its `/metrics` serves every thread's registry once; its apps' own ports serve their
 * thread's, and each would report the whole process's memory again). The stack names a port for
 * both, and a process of the other topology may still answer on its port: it is not measured.
 */
export function processPorts(metricsPorts: Record<string, number>, topology: Topology): Record<string, number> {
  if (topology === ALL_IN_ONE) return { [ALL_IN_ONE]: metricsPorts[ALL_IN_ONE] };
  return Object.fromEntries(Object.entries(metricsPorts).filter(([app]) => app !== ALL_IN_ONE));
}

/**
 * The apps of `metricsPorts` that answer on their metrics port: the figures (and the memory
 * bound) are for the processes that run. An app that answers here and not later is reported
 * (NaN, over its bound): it stopped during the soak.
 */
export async function runningApps(metricsPorts: Record<string, number>): Promise<Record<string, number>> {
  const memory = await appMemory(metricsPorts);
  return Object.fromEntries(Object.entries(metricsPorts).filter(([app]) => Number.isFinite(memory[app])));
}

/** Seconds each event loop spent busy so far (`bindery_eventloop_busy_seconds_total`), by loop as EventLoopWatch names them. */
export async function loopBusySeconds(metricsPorts: Record<string, number>): Promise<Record<string, number>> {
  const busy: Record<string, number> = {};
  await Promise.all(
    Object.entries(metricsPorts).map(async ([app, port]) => {
      // An app restarted under the profiler may not listen yet: it is then left out of the line.
      const text = await fetch(`http://127.0.0.1:${port}/metrics`)
        .then((response) => response.text())
        .catch(() => '');
      for (const line of text.split('\n').filter((l) => l.startsWith('bindery_eventloop_busy_seconds_total'))) {
        const thread = /thread="([^"]+)"/.exec(line)?.[1];
        busy[thread ? `${app}/${thread}` : app] = Number(line.slice(line.lastIndexOf(' ') + 1));
      }
    }),
  );
  return busy;
}

/** Each event loop's busy share of the soak (its thread's CPU), busiest first. */
export function loopBusyLine(before: Record<string, number>, after: Record<string, number>, seconds: number): string {
  const shares = Object.entries(after)
    .map(([loop, busy]) => [loop, (busy - (before[loop] ?? 0)) / seconds] as const)
    .sort(([, a], [, b]) => b - a)
    .slice(0, 8);
  return `event loops busy (share of the soak): ${shares.map(([loop, share]) => `${loop} ${(share * 100).toFixed(0)} %`).join(', ')}`;
}

/**
 * The growth each app may show between the warm-up sample and the end: 128 MB plus a half.
 * Generous because content's caches are bounded by entry counts (500,000 page versions, 20,000
 * bodies, 200,000 link extracts), not bytes, and every edit of the soak adds a body: they fill
 * for the whole run. The middle sample shows whether growth is flattening (a leak keeps its pace).
 */
export const MEMORY_BOUND = { fixedBytes: 128 * 1024 * 1024, fraction: 0.5 };

export function memoryLines(
  start: Record<string, number>,
  middle: Record<string, number>,
  end: Record<string, number>,
): { lines: string[]; exceeded: string[] } {
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
  const lines: string[] = [];
  const exceeded: string[] = [];
  for (const app of Object.keys(start).sort()) {
    const [a, b] = [start[app], end[app]];
    const allowed = a + MEMORY_BOUND.fixedBytes + a * MEMORY_BOUND.fraction;
    const over = !(b <= allowed);
    if (over) exceeded.push(app);
    lines.push(
      `  ${app.padEnd(26)} ${mb(a).padStart(7)} → ${mb(middle[app]).padStart(7)} → ${mb(b).padStart(7)}  (${b >= a ? '+' : ''}${mb(b - a)}, bound ${mb(allowed)})${over ? '  OVER' : ''}`,
    );
  }
  return { lines, exceeded };
}

/**
 * The worst event-loop delay of each app, sampled from `nodejs_eventloop_lag_max_seconds` (prom-client
 * resets it at each scrape, so each sample is the worst of its window): tells a stalled service from
 * a starved machine when requests time out. The all-in-one process reports one loop per thread
 * (`thread="services"`): each is named `all-in-one/services`.
 *
 * The histogram behind it (`monitorEventLoopDelay`, sampled every 200 ms by libs/platform's
 * metrics) records the whole interval between two of its ticks, not the delay beyond it: an idle
 * process reports a "max" of ~0.20 s (measured: min 200.1, max 211 ms over 2.5 s idle). The
 * smallest `nodejs_eventloop_lag_min_seconds` seen in the run (an idle loop's tick) is taken as
 * that interval and subtracted, so the figures are stalls: 0.24–0.28 s reported before this were
 * 40–80 ms stalls.
 */
export class EventLoopWatch {
  private readonly worst = new Map<string, { seconds: number; at: number }>();
  private tick = Infinity;

  constructor(
    private readonly metricsPorts: Record<string, number>,
    private readonly start: number,
  ) {}

  /**
   * Samples every app, and returns what each served: a scrape resets the app's lag histogram, so
   * whatever else the soak reads from `/metrics` meanwhile must take it from here.
   */
  async sample(): Promise<Record<string, string>> {
    const texts: Record<string, string> = {};
    await Promise.all(
      Object.entries(this.metricsPorts).map(async ([app, port]) => {
        try {
          const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
          texts[app] = text;
          for (const line of text.split('\n')) {
            const isMax = line.startsWith('nodejs_eventloop_lag_max_seconds');
            if (!isMax && !line.startsWith('nodejs_eventloop_lag_min_seconds')) continue;
            const seconds = Number(line.slice(line.lastIndexOf(' ') + 1));
            if (!isMax) {
              if (seconds > 0) this.tick = Math.min(this.tick, seconds);
              continue;
            }
            const thread = /thread="([^"]+)"/.exec(line)?.[1];
            const loop = thread ? `${app}/${thread}` : app;
            if (seconds > (this.worst.get(loop)?.seconds ?? -1)) this.worst.set(loop, { seconds, at: (Date.now() - this.start) / 1000 });
          }
        } catch {
          // A missed sample only narrows the view.
        }
      }),
    );
    return texts;
  }

  line(): string {
    const tick = Number.isFinite(this.tick) ? this.tick : 0;
    const top = [...this.worst].sort(([, a], [, b]) => b.seconds - a.seconds).slice(0, 5);
    return (
      `worst event-loop stall (5 s windows, beyond the ${(tick * 1000).toFixed(0)} ms sampling tick): ` +
      top.map(([app, w]) => `${app} ${Math.max(0, w.seconds - tick).toFixed(2)} s at ${w.at.toFixed(0)} s`).join(', ')
    );
  }
}
