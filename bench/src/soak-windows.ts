import { loadavg } from 'node:os';
import { type CpuSample, mainThreadMicros, type ProcessSet, sampleCpu } from './process-cpu';
import { type GcFigures, gcFiguresOf } from './soak-waits';

/** One sample at a window's edge: what every figure of the window is a difference of. */
export interface Edge {
  at: number;
  /** The 1-minute load average then. */
  load: number;
  requests: number;
  cpu: CpuSample;
  /** CPU µs of each single-process app's main thread. */
  main: CpuSample;
  generator: number;
  gc: Record<string, GcFigures>;
}

/** The apps whose GC and off-main-thread share each window line names: the request path's. */
const NAMED_APPS = ['gateway', 'content', 'collaboration', 'identity', 'content-worker'];

/**
 * The soak's figures window by window (10 s by default): requests, throughput and CPU µs per
 * request of each process in that window alone, so the first minute after a fresh start (JIT,
 * caches, pools, heaps still growing) shows apart from the steady state. Beside them, per app:
 * the share of its CPU off its main thread (V8's optimising compilers and concurrent GC, libuv's
 * pool) and its scavenges / mark-compacts per 1,000 requests of the window.
 *
 * Samples are taken at EventLoopWatch's scrapes (`sample`, every 5 s) with the `/metrics` texts
 * they read: a scrape of its own would reset the lag histograms that watch reads.
 */
export class SoakWindows {
  private readonly edges: Edge[] = [];

  constructor(
    private readonly processes: ProcessSet,
    private readonly every = 10_000,
  ) {}

  /** The first edge: call when the load starts, with the texts of the scrape taken then. */
  start(requests: number, texts: Record<string, string>): void {
    this.edges.push(this.edge(requests, texts));
  }

  /**
   * Closes a window if the last one began at least `every` ms ago (less half a second: the
   * scrapes come every 5 s, a little late or early), or, when the load ended (`last`), whatever
   * is left of one; `texts`: the scrape just taken.
   */
  sample(requests: number, texts: Record<string, string>, last = false): void {
    const previous = this.edges.at(-1);
    if (previous && (last || Date.now() - previous.at >= this.every - 500)) this.edges.push(this.edge(requests, texts));
  }

  lines(): string[] {
    if (this.edges.length < 2) return [];
    const start = this.edges[0].at;
    const lines = [
      `per ${this.every / 1000} s window: requests, req/s, load average (1 min), CPU µs/request of the window (total, then each process; ` +
        'the load generator apart); then per app its CPU off the main thread (V8 compilers and concurrent GC, libuv) and its ' +
        'scavenges/mark-compacts per 1,000 requests:',
    ];
    for (let i = 1; i < this.edges.length; i++) {
      const [a, b] = [this.edges[i - 1], this.edges[i]];
      lines.push(...windowLines(a, b, start));
    }
    return lines;
  }

  private edge(requests: number, texts: Record<string, string>): Edge {
    const main: CpuSample = {};
    for (const [name, pids] of Object.entries(this.processes)) {
      const found = pids();
      if (name !== 'postgres' && found.length === 1) main[name] = mainThreadMicros(found[0]);
    }
    const usage = process.cpuUsage();
    return {
      at: Date.now(),
      load: loadavg()[0],
      requests,
      cpu: sampleCpu(this.processes),
      main,
      generator: usage.user + usage.system,
      gc: Object.fromEntries(Object.entries(texts).map(([app, text]) => [app, gcFiguresOf(text)])),
    };
  }
}

/** The two lines of the window between edges `a` and `b`. */
export function windowLines(a: Edge, b: Edge, start: number): string[] {
  const requests = b.requests - a.requests;
  const seconds = (b.at - a.at) / 1000;
  const per = (micros: number) => (requests > 0 ? micros / requests : 0);
  const cpu = Object.keys(b.cpu)
    .map((name) => [name, per(b.cpu[name] - (a.cpu[name] ?? 0))] as const)
    .filter(([, micros]) => micros >= 5)
    .sort(([, x], [, y]) => y - x);
  const total = cpu.reduce((sum, [, micros]) => sum + micros, 0);
  const span = `${((a.at - start) / 1000).toFixed(0)}–${((b.at - start) / 1000).toFixed(0)} s`;
  const offMain = NAMED_APPS.filter((app) => b.main[app] !== undefined && b.cpu[app] > (a.cpu[app] ?? 0)).map((app) => {
    const all = b.cpu[app] - a.cpu[app];
    const main = b.main[app] - (a.main[app] ?? 0);
    return `${app} ${Math.round((100 * (all - main)) / all)} %`;
  });
  const gc = NAMED_APPS.filter((app) => b.gc[app] && a.gc[app]).map((app) => {
    const count = (key: 'minor' | 'major') => (requests > 0 ? ((b.gc[app][key] - a.gc[app][key]) * 1000) / requests : 0);
    return `${app} ${count('minor').toFixed(1)}/${count('major').toFixed(1)}`;
  });
  return [
    `  ${span.padStart(10)} ${String(requests).padStart(6)} req ${(requests / seconds).toFixed(0).padStart(4)}/s  load ${b.load.toFixed(1)}` +
      `  CPU ${Math.round(total)}: ${cpu.map(([name, micros]) => `${name} ${Math.round(micros)}`).join(' / ')}; generator ${Math.round(per(b.generator - a.generator))}`,
    `  ${''.padStart(10)} off main thread: ${offMain.join(', ')}; GC per 1,000 requests: ${gc.join(', ')}`,
  ];
}
