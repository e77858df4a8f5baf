import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import { type EntryHost, logger, type MetricsSnapshot, setEntryHost } from '@bindery/platform';

export type AppState = 'starting' | 'up' | 'failed' | 'stopping';

/** Apps run elsewhere (another thread: jobs-thread.ts) that the host reports on and stops with its own. */
export interface HostedUnit {
  states(): Record<string, AppState>;
  stop(): Promise<void>;
  /** The samples of the unit's metrics registry (its thread's), for the process's `/metrics`. */
  metrics(): Promise<MetricsSnapshot>;
}

/** One app inside the process: its entry's start function, what closes it, its state. */
interface AppRun {
  name: string;
  state: AppState;
  main?: () => Promise<unknown>;
  /** Registered by the platform while the app starts (`startService`, `runWorkerMain`). */
  closers: Array<() => Promise<unknown>>;
  /** Signal listeners the entry installed itself (the gateway's Nest app, the reader), held back from the process. */
  signalListeners: Array<(signal: NodeJS.Signals) => void>;
}

const SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGINT'];
/** Entry files are CommonJS builds, loaded (and so started) one at a time, each under its app's environment. */
const load = createRequire(__filename);

/**
 * Runs apps' own entry files (`apps/<app>/dist/main.js`, `worker.js`) side by side in this
 * process: each entry calls `runMain`, which hands its start function here (`EntryHost`); the host
 * runs it with the app's own environment, so the app validates and keeps its own settings and opens
 * its own NATS connection and database pool. The process's signals are the host's: it stops the
 * apps in order instead of each app exiting the process when it is done.
 */
export class AllInOneHost implements EntryHost {
  private readonly runs: AppRun[] = [];
  private readonly units: HostedUnit[] = [];
  private readonly current = new AsyncLocalStorage<AppRun>();
  private loading?: AppRun;
  private stopping?: Promise<void>;

  constructor(
    /** How the process ends after a failure (tests watch it instead). */
    private readonly exit: (code: number) => void = (code) => process.exit(code),
  ) {
    setEntryHost(this);
  }

  /** Loads an entry file and starts it with `env` as its environment; resolves once it serves. */
  async launch(name: string, entryFile: string, env: NodeJS.ProcessEnv): Promise<void> {
    const run: AppRun = { name, state: 'starting', closers: [], signalListeners: [] };
    this.runs.push(run);
    const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
    this.loading = run;
    try {
      withEnvironment(env, () => load(entryFile) as unknown);
    } finally {
      this.loading = undefined;
    }
    const main = run.main;
    if (!main) throw new Error(`${name}: ${entryFile} did not start through runMain`);
    try {
      // The synchronous start of an entry reads and validates its settings (loadConfig): under its environment.
      await this.current.run(run, () => withEnvironment(env, main));
    } catch (error) {
      run.state = 'failed';
      throw error;
    }
    for (const signal of SIGNALS) {
      for (const listener of process.listeners(signal)) {
        if (before.get(signal)?.has(listener)) continue;
        process.removeListener(signal, listener);
        run.signalListeners.push(listener);
      }
    }
    run.state = 'up';
    logger.info({ app: name }, 'app started in the all-in-one process');
  }

  start(main: () => Promise<unknown>): void {
    if (!this.loading) throw new Error('runMain was called outside an entry the all-in-one host loads');
    this.loading.main = main;
  }

  onStop(close: () => Promise<unknown>): void {
    const run = this.current.getStore();
    if (!run) throw new Error('an app registered a closer outside its start');
    run.closers.push(close);
  }

  fail(error: unknown): void {
    const run = this.current.getStore();
    if (run) run.state = 'failed';
    logger.fatal({ err: error, app: run?.name }, 'an app of the all-in-one process cannot go on; stopping the process');
    void this.stop().finally(() => this.exit(1));
  }

  /** Apps run by `unit` are reported (`states`) and stopped (`stop`) with this host's own. */
  attach(unit: HostedUnit): void {
    this.units.push(unit);
  }

  /** Each app's state, for `/readyz`: this host's apps and those of the units attached. */
  states(): Record<string, AppState> {
    const own = Object.fromEntries(this.runs.map((run) => [run.name, run.state]));
    return Object.assign(own, ...this.units.map((unit) => unit.states())) as Record<string, AppState>;
  }

  /** The metrics registries of the units attached (the other threads'), each as data. */
  unitMetrics(): Promise<MetricsSnapshot[]> {
    return Promise.all(this.units.map((unit) => unit.metrics()));
  }

  /** Stops on SIGTERM / SIGINT, then exits 0. */
  handleSignals(): void {
    for (const signal of SIGNALS) {
      process.on(signal, () => {
        // Apps that stop themselves raise the signal again when done (Nest does): already handled.
        if (this.stopping) return;
        logger.info({ signal }, 'stopping every app of the all-in-one process');
        void this.stop(signal).finally(() => process.exit(0));
      });
    }
  }

  /**
   * The HTTP front first (the gateway stops taking requests), then every service and worker side by
   * side (workers finish or release their jobs, in their thread too), then what else listened to
   * signals (the reader, which exits the process itself once closed).
   */
  stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    this.stopping ??= (async () => {
      for (const run of this.runs) run.state = run.state === 'failed' ? 'failed' : 'stopping';
      const front = this.runs.filter((run) => run.name === 'gateway');
      const rest = this.runs.filter((run) => run.name !== 'gateway');
      for (const run of front) for (const listener of run.signalListeners) listener(signal);
      await Promise.allSettled([
        ...this.runs.flatMap((run) =>
          run.closers.map((close) =>
            close().catch((error: unknown) => logger.warn({ err: error, app: run.name }, 'stopping an app failed')),
          ),
        ),
        ...this.units.map((unit) => unit.stop().catch((error: unknown) => logger.warn({ err: error }, 'stopping a thread of apps failed'))),
      ]);
      for (const run of rest) for (const listener of run.signalListeners) listener(signal);
    })();
    return this.stopping;
  }
}

/** Runs `fn` with `env` as `process.env`: only its synchronous part, which is where entries read their settings. */
function withEnvironment<T>(env: NodeJS.ProcessEnv, fn: () => T): T {
  const saved = process.env;
  process.env = env;
  try {
    return fn();
  } finally {
    process.env = saved;
  }
}
