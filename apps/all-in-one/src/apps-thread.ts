import { Worker } from 'node:worker_threads';
import { ConfigError, logger, type MetricsSnapshot, workerScript } from '@bindery/platform';
import type { AllInOneHost, AppState, HostedUnit } from './host';

/** One app a thread runs: its entry file and the environment it sees (app-environment.ts). */
export interface ThreadApp {
  name: string;
  entryFile: string;
  env: NodeJS.ProcessEnv;
}

/** What a thread tells the main thread (apps-thread-main.ts). */
export type FromAppsThread =
  | { kind: 'states'; states: Record<string, AppState> }
  | { kind: 'started' }
  | { kind: 'failed'; app: string; message: string; configVariables?: string[] }
  | { kind: 'metrics'; id: number; snapshot: MetricsSnapshot };

/**
 * What the main thread asks of a thread: to stop, its registry's samples (process-metrics.ts), or
 * to collect its startup's garbage now that every app of the process serves (`settled`).
 */
export type ToAppsThread = { kind: 'stop' } | { kind: 'metrics'; id: number } | { kind: 'settled' };

/** How long the process's `/metrics` waits for a thread's samples before serving without them. */
export const THREAD_METRICS_TIMEOUT_MS = 5000;

/** A thread's name (its log lines and errors) and its V8 heap: each thread's heap is its own. */
export interface ThreadKind {
  name: string;
  /** Its old generation's limit: the live data of its apps. */
  heapMb: number;
  /** Its young generation's limit (V8's default when unset): where short-lived objects are made. */
  youngMb?: number;
}

/**
 * The workers' thread. Its young generation was 4 MB, to keep the idle process small (V8's default
 * kept ~115 MB more resident, before the startup collection gave young generations back:
 * startup-garbage.ts); the jobs thread then spent ~3 s of a 60 s soak in collections (--cpu-prof),
 * as content's worker indexes every merge. At 8 MB it still scavenged 14 times per 1,000 soak
 * requests, the most of any thread (nodejs_gc_duration_seconds, 2026-11-27, session 15); at 16 MB
 * about half as often (8 per 1,000). Idle, the startup collection gives it back.
 */
export const JOBS_THREAD: ThreadKind = { name: 'jobs', heapMb: 512, youngMb: 16 };

/**
 * The thread of the services moved off the main thread (main.ts; content, by default): it serves
 * most requests' data (content parses every row a read returns), and its loop is the busiest of the
 * process (90–98 % in a soak). Sized when collaboration ran beside content (session 15): at 32 MB
 * (semi-spaces of 16 MB: what content's own process has) it scavenged 15.7 times per 1,000 soak
 * requests; at 64 MB (2 × 32 MB, as the gateway's and identity's processes have: libs/stack
 * memory.ts) 9.6 times, still ~370 ms of every 1,000 requests' time on this thread stopped in
 * scavenges. At 128 MB (2 × 64 MB) 5.1
 * times (2026-11-27, session 15, one window): a scavenge costs what survives it (the requests in
 * flight), not the space's size, so each halving of their number halves that time. The cost is
 * the young generation's pages, resident under load (~64 MB more); idle, the startup collection
 * gives them back. (`maxYoungGenerationSizeMb` is both semi-spaces: 32 and 48 both give
 * 2 × 16 MB, 64 gives 2 × 32, 128 gives 2 × 64.)
 */
export const SERVICES_THREAD: ThreadKind = { name: 'services', heapMb: 512, youngMb: 128 };

// The built script, also when this module runs from its sources (its unit test).
const ENTRY = workerScript(__dirname, 'apps-thread-main.js');

/**
 * Apps of the all-in-one process in a worker thread of their own (node:worker_threads): the
 * workers (a job's heavy synchronous work holds that thread's event loop, never the one serving
 * requests), and services moved off the main thread (their JavaScript runs on another core). Inside,
 * an AllInOneHost runs them as the main thread's runs its own; this is that thread's face to the
 * main host (its apps' states, its stop).
 */
export class AppsThread implements HostedUnit {
  private appStates: Record<string, AppState>;
  private thread?: Worker;
  private exited?: Promise<void>;
  private stopRequested = false;
  private readonly metricsAsked = new Map<number, (snapshot: MetricsSnapshot) => void>();
  private nextMetricsId = 0;

  constructor(
    private readonly kind: ThreadKind,
    private readonly apps: ThreadApp[],
    /** The thread ended, or an app in it failed, after it started: the process cannot go on. */
    private readonly onCrash: (error: Error) => void,
  ) {
    this.appStates = Object.fromEntries(apps.map((app) => [app.name, 'starting']));
  }

  /** Starts the thread and its apps; resolves once every one serves, rejects with the first failure. */
  start(): Promise<void> {
    const thread = new Worker(ENTRY, {
      workerData: { apps: this.apps, thread: this.kind.name },
      name: this.kind.name,
      resourceLimits: { maxOldGenerationSizeMb: this.kind.heapMb, maxYoungGenerationSizeMb: this.kind.youngMb },
    });
    this.thread = thread;
    let started = false;
    return new Promise<void>((resolve, reject) => {
      const failAll = (error: Error): void => {
        for (const name of Object.keys(this.appStates)) if (this.appStates[name] !== 'stopping') this.appStates[name] = 'failed';
        if (!started) reject(error);
        else if (!this.stopRequested) this.onCrash(error);
      };
      thread.on('message', (message: FromAppsThread) => {
        if (message.kind === 'states') Object.assign(this.appStates, message.states);
        else if (message.kind === 'metrics') this.metricsAsked.get(message.id)?.(message.snapshot);
        else if (message.kind === 'started') {
          started = true;
          resolve();
        } else if (message.kind === 'failed') {
          this.appStates[message.app] = 'failed';
          reject(message.configVariables ? new ConfigError(message.configVariables, message.message) : new Error(message.message));
        }
      });
      thread.on('error', (error) => {
        logger.fatal({ err: error, thread: this.kind.name }, 'a thread of the all-in-one process failed');
        failAll(error);
      });
      this.exited = new Promise<void>((done) =>
        thread.once('exit', (code) => {
          if (code !== 0 || !this.stopRequested) failAll(new Error(`the ${this.kind.name} thread exited with code ${code}`));
          done();
        }),
      );
    });
  }

  states(): Record<string, AppState> {
    return { ...this.appStates };
  }

  /**
   * The samples of the thread's registry (its apps' and its runtime's), as data: the process's
   * `/metrics` writes them with the other threads' in one text. Empty when the thread does not
   * answer in time (stopped, or its loop held): the other threads' metrics are still served.
   */
  metrics(): Promise<MetricsSnapshot> {
    const thread = this.thread;
    if (!thread || this.stopRequested) return Promise.resolve([]);
    const id = this.nextMetricsId++;
    return new Promise<MetricsSnapshot>((resolve) => {
      const timer = setTimeout(() => answer([]), THREAD_METRICS_TIMEOUT_MS);
      const answer = (snapshot: MetricsSnapshot): void => {
        clearTimeout(timer);
        this.metricsAsked.delete(id);
        resolve(snapshot);
      };
      this.metricsAsked.set(id, answer);
      thread.postMessage({ kind: 'metrics', id } satisfies ToAppsThread);
    });
  }

  /**
   * Every app of the process serves: the thread collects its startup's garbage now
   * (startup-garbage.ts). Not when its own apps serve: the main thread's apps start after them and
   * call on this thread's (the gateway's first requests, subscriptions), so a collection then left
   * that garbage to V8's memory reducer and found the young generation still in use, and the thread
   * collected again (the services thread three times).
   */
  settled(): void {
    if (!this.thread || this.stopRequested) return;
    this.thread.postMessage({ kind: 'settled' } satisfies ToAppsThread);
  }

  /** Stops the thread's apps (services answer what they hold, workers finish or release their jobs) and waits for the thread to end. */
  async stop(): Promise<void> {
    this.stopRequested = true;
    if (!this.thread || !this.exited) return;
    for (const name of Object.keys(this.appStates)) if (this.appStates[name] !== 'failed') this.appStates[name] = 'stopping';
    this.thread.postMessage({ kind: 'stop' } satisfies ToAppsThread);
    await this.exited;
  }
}

/**
 * Runs `apps` in a thread of `kind` under `host`: `/readyz` names their states, the host's stop
 * stops them, and the thread's end or an app's failure in it after the start fails the process.
 */
export function attachThread(host: AllInOneHost, kind: ThreadKind, apps: ThreadApp[]): AppsThread {
  const thread = new AppsThread(kind, apps, (error) => host.fail(error));
  host.attach(thread);
  return thread;
}
