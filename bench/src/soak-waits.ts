import { readFileSync } from 'node:fs';
import { adminUrl, DATABASE } from '@bindery/stack';
import { controlTestStack } from '@bindery/testing';
import { Client } from 'pg';
import type { ProcessSet } from './process-cpu';

/**
 * What the soak's requests waited for, besides CPU they needed, measured without tracing (cheap
 * enough to run in every soak). With 64 closed-loop connections the requests' summed time is
 * 64 × the soak's length; Little's law turns a mean count of waiters into ms per request
 * (mean waiters × seconds / requests), so each line compares directly with the mean latency.
 *
 * - a CPU: each process's main thread, from `/proc/<pid>/schedstat` (ns runnable but not
 *   running); while an event loop waits for a CPU, every request it holds waits with it;
 * - GC: each app's collection time and its pauses over 100 ms (`nodejs_gc_duration_seconds`);
 * - a pool connection: each app's `bindery_db_pool_connections{state="waiting"}`, sampled
 *   (`samplePools`, with EventLoopWatch's scrapes);
 * - Postgres: its client backends by state and wait event (`pg_stat_activity`), sampled: running
 *   or waiting for a CPU (no wait event), a lock, an LWLock, I/O, or idle in a transaction (the
 *   app holds it between statements).
 */
export class SoakWaits {
  private runQueueBefore: Record<string, number> = {};
  private gcBefore: Record<string, GcFigures> = {};
  private readonly postgres = new Map<string, number>();
  private readonly poolWaiting = new Map<string, number>();
  private postgresSamples = 0;
  private poolSamples = 0;
  private timers: NodeJS.Timeout[] = [];
  private client: Client | undefined;

  constructor(
    private readonly processes: ProcessSet,
    private readonly metricsPorts: Record<string, number>,
  ) {}

  async start(): Promise<void> {
    this.runQueueBefore = runQueueNanos(this.processes);
    this.gcBefore = await gcFigures(this.metricsPorts);
    const stack = await controlTestStack();
    this.client = new Client({ connectionString: adminUrl(stack.state.postgres, DATABASE) });
    await this.client.connect();
    // Every 100 ms: Postgres statements last ~1 ms, so a coarser sample would see few of them.
    this.timers.push(setInterval(() => void this.samplePostgres(), 100));
  }

  /** Stops sampling and reports, for `requests` answered in `seconds` by `connections`. */
  async lines(requests: number, seconds: number, connections: number): Promise<string[]> {
    for (const timer of this.timers) clearInterval(timer);
    const runQueue = runQueueNanos(this.processes);
    const gc = await gcFigures(this.metricsPorts);
    await this.client?.end().catch(() => undefined);
    const perRequest = (meanWaiters: number) => (meanWaiters * seconds * 1000) / requests;
    const lines = [
      `what requests waited for (Little's law: mean waiters × ${seconds.toFixed(0)} s / ${requests} requests = ms per request; ` +
        `mean latency ${((connections * seconds * 1000) / requests).toFixed(1)} ms):`,
    ];
    const waited = Object.entries(runQueue)
      .map(([name, ns]) => [name, (ns - (this.runQueueBefore[name] ?? 0)) / 1e9 / seconds] as const)
      .filter(([, share]) => share >= 0.005)
      .sort(([, a], [, b]) => b - a);
    lines.push(
      '  a CPU (share of the soak each main thread was runnable, not running; Postgres: its backends summed): ' +
        waited.map(([name, share]) => `${name} ${(share * 100).toFixed(0)} %`).join(', '),
    );
    const collections = Object.entries(gc)
      .map(([app, after]) => {
        const before = this.gcBefore[app] ?? NO_GC;
        const delta = (key: keyof GcFigures) => after[key] - before[key];
        return {
          app,
          seconds: delta('seconds'),
          minor: delta('minor'),
          major: delta('major'),
          incremental: delta('incremental'),
          long: delta('over100ms'),
        };
      })
      .filter(({ seconds }) => seconds > 0)
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 8);
    const perThousand = (n: number) => ((n * 1000) / requests).toFixed(1);
    lines.push(
      '  GC (share of the soak; scavenges, mark-compacts and incremental marking steps per 1,000 requests; pauses > 100 ms): ' +
        collections
          .map(
            (c) =>
              `${c.app} ${((c.seconds / seconds) * 100).toFixed(1)} % (${perThousand(c.minor)}, ${perThousand(c.major)}, ${perThousand(c.incremental)}; ${c.long})`,
          )
          .join(', '),
    );
    const pools = [...this.poolWaiting]
      .map(([app, sum]) => [app, sum / Math.max(1, this.poolSamples)] as const)
      .sort(([, a], [, b]) => b - a);
    lines.push(
      `  a pool connection (mean waiters → ms per request, ${this.poolSamples} samples): ` +
        (pools.length ? pools.map(([app, mean]) => `${app} ${mean.toFixed(2)} → ${perRequest(mean).toFixed(1)}`).join(', ') : 'none seen'),
    );
    const states = [...this.postgres]
      .map(([state, sum]) => [state, sum / Math.max(1, this.postgresSamples)] as const)
      .sort(([, a], [, b]) => b - a)
      .slice(0, 8);
    lines.push(
      `  Postgres backends (mean count → ms per request, ${this.postgresSamples} samples): ` +
        states.map(([state, mean]) => `${state} ${mean.toFixed(2)} → ${perRequest(mean).toFixed(1)}`).join(', '),
    );
    return lines;
  }

  private async samplePostgres(): Promise<void> {
    const rows = await this.client
      ?.query<{ what: string; n: string }>(
        `SELECT CASE WHEN state = 'active' THEN coalesce(wait_event_type || ':' || wait_event, 'running') ELSE state END AS what,
                count(*) AS n
           FROM pg_stat_activity
          WHERE backend_type = 'client backend' AND pid <> pg_backend_pid() AND state <> 'idle'
          GROUP BY 1`,
      )
      .catch(() => undefined);
    if (!rows) return;
    this.postgresSamples++;
    for (const { what, n } of rows.rows) this.postgres.set(what, (this.postgres.get(what) ?? 0) + Number(n));
  }

  /**
   * Pool waiters from the apps' `/metrics` texts as EventLoopWatch scraped them (every 5 s): a
   * scrape of its own would reset the lag histogram EventLoopWatch reads, and cost every app CPU.
   */
  samplePools(texts: Record<string, string>): void {
    this.poolSamples++;
    for (const [app, text] of Object.entries(texts)) {
      const waiting = sumOf(text, /^bindery_db_pool_connections\{[^}]*state="waiting"[^}]*\} (\S+)$/gm);
      if (waiting > 0 || this.poolWaiting.has(app)) this.poolWaiting.set(app, (this.poolWaiting.get(app) ?? 0) + waiting);
    }
  }
}

/** ns each process set's first pid's main thread (or, for Postgres, every backend) spent runnable but not running. */
function runQueueNanos(processes: ProcessSet): Record<string, number> {
  const waited: Record<string, number> = {};
  for (const [name, pids] of Object.entries(processes)) {
    const all = pids();
    const counted = name === 'postgres' ? all : all.slice(0, 1);
    waited[name] = counted.reduce((sum, pid) => {
      try {
        return sum + Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]);
      } catch {
        return sum;
      }
    }, 0);
  }
  return waited;
}

export interface GcFigures {
  seconds: number;
  /** Scavenges (`kind="minor"`). */
  minor: number;
  /** Mark-compacts (`kind="major"`). */
  major: number;
  /** Incremental marking steps (`kind="incremental"`): the old generation filling. */
  incremental: number;
  over100ms: number;
}

const NO_GC: GcFigures = { seconds: 0, minor: 0, major: 0, incremental: 0, over100ms: 0 };

/** Each app's GC time, collections by kind, and collections over 100 ms so far. */
async function gcFigures(metricsPorts: Record<string, number>): Promise<Record<string, GcFigures>> {
  const texts = await scrape(metricsPorts);
  return Object.fromEntries(Object.entries(texts).map(([app, text]) => [app, gcFiguresOf(text)]));
}

/** An app's GC figures so far, from the text of its `/metrics` (`nodejs_gc_duration_seconds`). */
export function gcFiguresOf(text: string): GcFigures {
  const count = (kind: string) => sumOf(text, new RegExp(`^nodejs_gc_duration_seconds_count\\{[^}]*kind="${kind}"[^}]*\\} (\\S+)$`, 'gm'));
  const all = sumOf(text, /^nodejs_gc_duration_seconds_count\{[^}]*\} (\S+)$/gm);
  const under100ms = sumOf(text, /^nodejs_gc_duration_seconds_bucket\{[^}]*le="0\.1"[^}]*\} (\S+)$/gm);
  return {
    seconds: sumOf(text, /^nodejs_gc_duration_seconds_sum\{[^}]*\} (\S+)$/gm),
    minor: count('minor'),
    major: count('major'),
    incremental: count('incremental'),
    over100ms: all - under100ms,
  };
}

async function scrape(metricsPorts: Record<string, number>): Promise<Record<string, string>> {
  const entries = await Promise.all(
    Object.entries(metricsPorts).map(async ([app, port]) => {
      const text = await fetch(`http://127.0.0.1:${port}/metrics`)
        .then((response) => response.text())
        .catch(() => '');
      return [app, text] as const;
    }),
  );
  return Object.fromEntries(entries);
}

const sumOf = (text: string, pattern: RegExp): number => [...text.matchAll(pattern)].reduce((sum, m) => sum + Number(m[1]), 0);
