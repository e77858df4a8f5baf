import { Worker } from 'node:worker_threads';
import { ConfigError, logger, workerScript } from '@bindery/platform';
import type { AppState, HostedUnit } from './host';

/** One worker app the jobs thread runs: its entry file and the environment it sees (app-environment.ts). */
export interface ThreadApp {
  name: string;
  entryFile: string;
  env: NodeJS.ProcessEnv;
}

/** What the jobs thread tells the main thread (jobs-thread-main.ts). */
export type FromJobsThread =
  | { kind: 'states'; states: Record<string, AppState> }
  | { kind: 'started' }
  | { kind: 'failed'; app: string; message: string; configVariables?: string[] };

/** What the main thread asks of the jobs thread. */
export type ToJobsThread = { kind: 'stop' };

/**
 * V8 heap limit of the jobs thread: the workers' live data (a job's pages, a clustering batch). The
 * thread's heap is its own, beside the main thread's (ALL_IN_ONE_HEAP_MB in libs/stack).
 */
export const JOBS_THREAD_HEAP_MB = 512;

/**
 * Its young generation: small, as the workers idle most of the time and a job's throughput matters
 * less than a request's. V8's default (semi-spaces of 16 MB) kept ~115 MB more resident in the idle
 * process than this (measured: 550 MB with the default, 468 MB at 8, 433 MB at 4; issue 32's target
 * is 450 MB); a job then collects its short-lived objects more often.
 */
export const JOBS_THREAD_YOUNG_MB = 4;

// The built script, also when this module runs from its sources (its unit test).
const ENTRY = workerScript(__dirname, 'jobs-thread-main.js');

/**
 * The worker apps (`worker.js` entries) of the all-in-one process, in a worker thread of their own:
 * a job's heavy synchronous work (parsing an imported repository, clustering) holds that thread's
 * event loop, never the one serving requests. Inside, an AllInOneHost runs them as the main thread's
 * runs the services; this is that thread's face to the main host (its apps' states, its stop).
 */
export class JobsThread implements HostedUnit {
  private appStates: Record<string, AppState>;
  private thread?: Worker;
  private exited?: Promise<void>;
  private stopRequested = false;

  constructor(
    private readonly apps: ThreadApp[],
    /** The thread ended, or an app in it failed, after it started: the process cannot go on. */
    private readonly onCrash: (error: Error) => void,
  ) {
    this.appStates = Object.fromEntries(apps.map((app) => [app.name, 'starting']));
  }

  /** Starts the thread and its apps; resolves once every one serves, rejects with the first failure. */
  start(): Promise<void> {
    const thread = new Worker(ENTRY, {
      workerData: { apps: this.apps },
      resourceLimits: { maxOldGenerationSizeMb: JOBS_THREAD_HEAP_MB, maxYoungGenerationSizeMb: JOBS_THREAD_YOUNG_MB },
    });
    this.thread = thread;
    let started = false;
    return new Promise<void>((resolve, reject) => {
      const failAll = (error: Error): void => {
        for (const name of Object.keys(this.appStates)) if (this.appStates[name] !== 'stopping') this.appStates[name] = 'failed';
        if (!started) reject(error);
        else if (!this.stopRequested) this.onCrash(error);
      };
      thread.on('message', (message: FromJobsThread) => {
        if (message.kind === 'states') Object.assign(this.appStates, message.states);
        else if (message.kind === 'started') {
          started = true;
          resolve();
        } else if (message.kind === 'failed') {
          this.appStates[message.app] = 'failed';
          reject(message.configVariables ? new ConfigError(message.configVariables, message.message) : new Error(message.message));
        }
      });
      thread.on('error', (error) => {
        logger.fatal({ err: error }, 'the jobs thread of the all-in-one process failed');
        failAll(error);
      });
      this.exited = new Promise<void>((done) =>
        thread.once('exit', (code) => {
          if (code !== 0 || !this.stopRequested) failAll(new Error(`the jobs thread exited with code ${code}`));
          done();
        }),
      );
    });
  }

  states(): Record<string, AppState> {
    return { ...this.appStates };
  }

  /** Stops the thread's apps (workers finish or release their jobs) and waits for the thread to end. */
  async stop(): Promise<void> {
    this.stopRequested = true;
    if (!this.thread || !this.exited) return;
    for (const name of Object.keys(this.appStates)) if (this.appStates[name] !== 'failed') this.appStates[name] = 'stopping';
    this.thread.postMessage({ kind: 'stop' } satisfies ToJobsThread);
    await this.exited;
  }
}
