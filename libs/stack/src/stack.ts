import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDatabase, provisionServiceSchema } from '@bindery/platform';
import { ALL_IN_ONE, allInOneEntry, allInOneNodeArgs, prefixed } from './all-in-one';
import { ALL_APPS, type AppSpec, appEntry, GATEWAY, READER, roleOf, SERVICES } from './apps';
import { openTelemetryVariables, passedThrough } from './app-env';
import { apertiumInstalled, startApertium } from './apertium';
import { startNats } from './nats';
import { natsUsers, OPERATOR_NATS_USER } from './nats-permissions';
import { heapLimitArgs } from './memory';
import { adminUrl, connectionUrl, initCluster, type PostgresCluster, startCluster, stopCluster } from './postgres';
import { freePort, freePortBesides, runAsync, sleep, startProcess, stopPid, waitForPort } from './processes';

export const DATABASE = 'bindery';

/** Everything needed to reach a running stack; persisted so tests and tools can find it. */
export interface StackState {
  dataDir: string;
  postgres: PostgresCluster;
  natsPort: number;
  gatewayPort: number;
  /** Each app's Prometheus `/metrics` port on 127.0.0.1 (`METRICS_PORT`). */
  metricsPorts: Record<string, number>;
  /** Apertium's HTTP server for the translations service (when apertium-apy is installed). */
  apertiumPort?: number;
  /** Where the reader app (published sites as HTML) listens. */
  readerPort?: number;
  /** The demo site the first `pnpm start` published (printed on every start). */
  demoSiteUrl?: string;
  /** Generated once per data directory: role passwords (`role:<schema>`), NATS passwords (`nats:<user>`), app secrets. */
  secrets: Record<string, string>;
  pids: Record<string, number>;
  /** Log level of the apps; kept with the stack so an app restarted from elsewhere logs the same. */
  appLogLevel: string;
  /** `processes`: one per app (the default); `all-in-one`: every app in one process (apps/all-in-one). */
  topology?: Topology;
  /**
   * All-in-one topology: the apps stopped alone (`stopApp`; the process runs without them,
   * `ALL_IN_ONE_WITHOUT`) and each app's environment overrides of its last `startApp`.
   */
  allInOne?: { without: string[]; overrides: Record<string, NodeJS.ProcessEnv> };
}

export type Topology = 'processes' | 'all-in-one';

export interface StackOptions {
  dataDir: string;
  /** Fixed ports for `pnpm start`; tests leave them out and get free ports. */
  gatewayPort?: number;
  readerPort?: number;
  natsPort?: number;
  postgresPort?: number;
  /** How the apps run; kept with the stack (a restart keeps it) unless given again. */
  topology?: Topology;
}

/**
 * The whole system as local processes: a Postgres cluster and nats-server under the data
 * directory, a schema and role per service, migrations, then every app.
 */
export class LocalStack {
  private nats?: ChildProcess;
  private readonly apps = new Map<string, ChildProcess>();
  /** The all-in-one process's restarts, one after another (`stopApp` / `startApp` of one app in it). */
  private reshaping: Promise<void> = Promise.resolve();
  /** The apps and overrides the running all-in-one process was started with (JSON), once known. */
  private appliedShape?: string;
  /** Whether the next restart kills the process (a crash asked for by stopApp). */
  private crashNext = false;

  private constructor(readonly state: StackState) {}

  static async prepare(options: StackOptions): Promise<LocalStack> {
    mkdirSync(options.dataDir, { recursive: true });
    // The postgres user (root runs Postgres as it) must be able to reach its directory inside.
    chmodSync(options.dataDir, 0o711);
    const stateFile = join(options.dataDir, 'stack.json');
    const saved = existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, 'utf8')) as StackState) : undefined;
    // Every port of the stack distinct: those it keeps, then new free ones.
    const taken = new Set<number>(
      [
        options.postgresPort,
        options.natsPort,
        options.gatewayPort,
        options.readerPort,
        saved?.postgres.port,
        saved?.natsPort,
        saved?.gatewayPort,
        saved?.apertiumPort,
        saved?.readerPort,
        ...Object.values(saved?.metricsPorts ?? {}),
      ].filter((kept): kept is number => kept !== undefined),
    );
    const port = (): Promise<number> => freePortBesides(taken);
    const state: StackState = {
      dataDir: options.dataDir,
      postgres: saved?.postgres ?? {
        dataDir: join(options.dataDir, 'postgres'),
        port: options.postgresPort ?? (await port()),
        adminUser: 'bindery_admin',
        adminPassword: secret(),
      },
      natsPort: options.natsPort ?? saved?.natsPort ?? (await port()),
      gatewayPort: options.gatewayPort ?? saved?.gatewayPort ?? (await port()),
      metricsPorts: saved?.metricsPorts ?? {},
      apertiumPort: saved?.apertiumPort ?? (await port()),
      readerPort: options.readerPort ?? saved?.readerPort ?? (await port()),
      secrets: saved?.secrets ?? {},
      pids: saved?.pids ?? {},
      appLogLevel: process.env.BINDERY_APP_LOG_LEVEL ?? saved?.appLogLevel ?? 'info',
      topology: options.topology ?? saved?.topology ?? 'processes',
    };
    if (options.postgresPort) state.postgres.port = options.postgresPort;
    for (const app of [...ALL_APPS, { name: ALL_IN_ONE }]) {
      state.metricsPorts[app.name] ??= await port();
      if ('schema' in app && app.schema) state.secrets[`role:${app.schema}`] ??= secret();
      for (const name of ('secrets' in app && app.secrets) || []) state.secrets[name] ??= secret();
    }
    for (const { user } of natsUsers()) state.secrets[`nats:${user}`] ??= secret();
    const stack = new LocalStack(state);
    stack.save();
    return stack;
  }

  get gatewayUrl(): string {
    return `http://127.0.0.1:${this.state.gatewayPort}`;
  }
  get readerUrl(): string {
    return `http://127.0.0.1:${this.state.readerPort}`;
  }
  get natsUrl(): string {
    return `nats://127.0.0.1:${this.state.natsPort}`;
  }
  /** Connection settings of a NATS user of this stack (an app's name, or the operator's full-rights user). */
  natsSettings(user: string = OPERATOR_NATS_USER): { NATS_URL: string; NATS_USER: string; NATS_PASSWORD: string } {
    const password = this.state.secrets[`nats:${user}`];
    if (!password) throw new Error(`no NATS user ${user}`);
    return { NATS_URL: this.natsUrl, NATS_USER: user, NATS_PASSWORD: password };
  }
  get stateFile(): string {
    return join(this.state.dataDir, 'stack.json');
  }
  logFile(name: string): string {
    return join(this.state.dataDir, 'logs', `${name}.log`);
  }

  /** Postgres and NATS up, database, schemas and roles in place. */
  async startInfrastructure(): Promise<void> {
    await this.startPostgres();
    this.nats = await startNats(
      this.state.natsPort,
      join(this.state.dataDir, 'nats'),
      this.logFile('nats'),
      natsUsers(),
      (user) => this.state.secrets[`nats:${user}`],
    );
    this.state.pids.nats = this.nats.pid!;
    if (apertiumInstalled() && ALL_APPS.some((app) => app.name === 'translations')) {
      this.state.apertiumPort ??= await freePort();
      this.state.pids.apertium = (await startApertium(this.state.apertiumPort, this.logFile('apertium'))).pid!;
    }
    this.save();
  }

  /** Starts the cluster (creating it on first use) and provisions every service's schema and role. */
  async startPostgres(): Promise<void> {
    initCluster(this.state.postgres);
    await startCluster(this.state.postgres, this.logFile('postgres'));
    await ensureDatabase(adminUrl(this.state.postgres), DATABASE);
    for (const app of SERVICES) {
      if (!app.schema) continue;
      await provisionServiceSchema(adminUrl(this.state.postgres, DATABASE), {
        database: DATABASE,
        schema: app.schema,
        role: roleOf(app.schema),
        password: this.state.secrets[`role:${app.schema}`],
        extensions: app.extensions,
      });
    }
  }

  /**
   * Applies every service's pending migrations, each with its own role. Side by side: each touches
   * only its own schema, and each process spends most of its time booting Node and TypeORM.
   */
  async migrate(): Promise<void> {
    const services = SERVICES.filter((app) => app.schema);
    await Promise.all(services.map((app) => runAsync(process.execPath, [appEntry(app, 'migrate.js')], { env: this.envFor(app) })));
  }

  /**
   * Environment of one app: the settings of its env class that are set in `from` (the shell of
   * `pnpm start`, e.g. `FETCH_ALLOW_PRIVATE_HOSTS=10.0.0.0/8 pnpm start`) and `NODE_OPTIONS`, then what the stack
   * manages: where NATS and its database are, its credentials and secrets.
   */
  envFor(app: AppSpec, from: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = {
      ...(app === GATEWAY ? { PUBLIC_URL: this.gatewayUrl } : {}),
      ...passedThrough(app, from),
      ...openTelemetryVariables(from),
      PATH: from.PATH,
      // Node's own flags (`--max-old-space-size`, `--heapsnapshot-signal`, …) reach every app.
      ...(from.NODE_OPTIONS ? { NODE_OPTIONS: from.NODE_OPTIONS } : {}),
      NODE_ENV: from.NODE_ENV ?? 'production',
      LOG_LEVEL: this.state.appLogLevel,
      BINDERY_SERVICE: app.name,
      BINDERY_DATA_DIR: join(this.state.dataDir, 'files', app.dir ?? app.name),
      METRICS_PORT: String(this.state.metricsPorts[app.name]),
      METRICS_HOST: '127.0.0.1',
      ...this.natsSettings(app.name),
    };
    if (app.schema) {
      env.DATABASE_URL = connectionUrl(this.state.postgres, roleOf(app.schema), this.state.secrets[`role:${app.schema}`], DATABASE);
    }
    for (const name of app.secrets ?? []) env[name] = this.state.secrets[name];
    if ((app.dir ?? app.name) === 'translations' && this.state.apertiumPort && !env.APERTIUM_URL) {
      env.APERTIUM_URL = `http://127.0.0.1:${this.state.apertiumPort}`;
    }
    if (app === GATEWAY) {
      env.PORT = String(this.state.gatewayPort);
      env.HOST = '127.0.0.1';
    }
    if (app === READER) {
      env.READER_PORT = String(this.state.readerPort);
      env.READER_HOST = '127.0.0.1';
      env.READER_API_URL = this.gatewayUrl;
    }
    return env;
  }

  /**
   * Starts one app (again) and records its PID; `overrides` adds to or replaces its environment (tests).
   * All-in-one topology: restarts the process with the app in it and these overrides, in the background
   * (`waitUntilReady` waits for it).
   */
  startApp(app: AppSpec, overrides: NodeJS.ProcessEnv = {}): void {
    if (this.state.topology === 'all-in-one') {
      void this.reshapeAllInOne((shape) => {
        shape.without = shape.without.filter((name) => name !== app.name);
        shape.overrides[app.name] = overrides;
      }).catch(() => undefined);
      return;
    }
    const env = { ...this.envFor(app), ...overrides };
    const child = startProcess(process.execPath, [...heapLimitArgs(app, env.NODE_OPTIONS), appEntry(app)], this.logFile(app.name), env);
    this.apps.set(app.name, child);
    this.state.pids[app.name] = child.pid!;
    this.save();
  }

  /**
   * Every app in one process (apps/all-in-one): each app's environment under its prefix
   * (`CONTENT_DATABASE_URL`, …), the settings every app shares unprefixed, and the process's own
   * `/readyz` (each app's state) on the all-in-one metrics port.
   */
  allInOneEnv(from: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = {};
    for (const app of ALL_APPS) Object.assign(env, prefixed(app.name, this.envFor(app, from)));
    return {
      ...env,
      ...openTelemetryVariables(from),
      PATH: from.PATH,
      ...(from.NODE_OPTIONS ? { NODE_OPTIONS: from.NODE_OPTIONS } : {}),
      NODE_ENV: from.NODE_ENV ?? 'production',
      LOG_LEVEL: this.state.appLogLevel,
      BINDERY_SERVICE: ALL_IN_ONE,
      ALL_IN_ONE_HEALTH_PORT: String(this.state.metricsPorts[ALL_IN_ONE]),
      ALL_IN_ONE_HEALTH_HOST: '127.0.0.1',
      // Which services serve in a thread of their own (apps/all-in-one), when the caller chose (the soak compares).
      ...(from.ALL_IN_ONE_SERVICES_THREAD ? { ALL_IN_ONE_SERVICES_THREAD: from.ALL_IN_ONE_SERVICES_THREAD } : {}),
    };
  }

  /** Starts the all-in-one process (again) and records its PID. */
  startAllInOne(overrides: NodeJS.ProcessEnv = {}): ChildProcess {
    const shape = this.allInOneShape();
    const env: NodeJS.ProcessEnv = { ...this.allInOneEnv() };
    for (const [name, own] of Object.entries(shape.overrides)) Object.assign(env, prefixed(name, own));
    if (shape.without.length > 0) env.ALL_IN_ONE_WITHOUT = shape.without.join(',');
    Object.assign(env, overrides);
    this.linkAppLogs();
    const child = startProcess(process.execPath, [...allInOneNodeArgs(env.NODE_OPTIONS), allInOneEntry()], this.logFile(ALL_IN_ONE), env);
    this.apps.set(ALL_IN_ONE, child);
    this.state.pids[ALL_IN_ONE] = child.pid!;
    this.save();
    return child;
  }

  /** What runs the apps, by name: one process per app, or the all-in-one process. */
  get runningUnits(): string[] {
    return this.state.topology === 'all-in-one' ? [ALL_IN_ONE] : ALL_APPS.map((app) => app.name);
  }

  /** Starts one unit of `runningUnits` again (the supervisor, after a crash). */
  restartUnit(name: string): void {
    if (name === ALL_IN_ONE) this.startAllInOne();
    else this.startApp(ALL_APPS.find((app) => app.name === name)!);
  }

  /**
   * Stops one app (or the all-in-one process); `crash` kills it with SIGKILL, as a crash or an OOM kill would.
   * All-in-one topology, one app: an app cannot stop alone inside the process, so the process stops
   * (SIGKILL for a crash: every app in it dies mid-work, as they would) and starts again without that
   * app; resolves once the others serve again.
   */
  async stopApp(name: string, options: { crash?: boolean } = {}): Promise<void> {
    if (this.state.topology === 'all-in-one' && ALL_APPS.some((app) => app.name === name)) {
      await this.reshapeAllInOne((shape) => {
        if (!shape.without.includes(name)) shape.without.push(name);
      }, options.crash);
      return;
    }
    await this.stopUnit(name, options);
  }

  private async stopUnit(name: string, options: { crash?: boolean } = {}): Promise<void> {
    const pid = this.state.pids[name];
    const app = ALL_APPS.find((a) => a.name === name);
    const entry = name === ALL_IN_ONE ? allInOneEntry() : app && appEntry(app);
    // The all-in-one process's workers may take their shutdown grace to release their jobs.
    const grace = options.crash ? 0 : name === ALL_IN_ONE ? 30_000 : undefined;
    if (pid && entry) await stopPid(pid, entry, grace);
    this.apps.delete(name);
    delete this.state.pids[name];
    this.save();
  }

  async startApps(readyTimeoutMs?: number): Promise<void> {
    // Every app, as configured: no app left out or overridden by an earlier stopApp / startApp.
    delete this.state.allInOne;
    if (this.state.topology === 'all-in-one') this.startAllInOne();
    else for (const app of ALL_APPS) this.startApp(app);
    await this.waitUntilReady(readyTimeoutMs);
  }

  /** Polls /readyz until the gateway reports every service up (after the all-in-one process's restart, if one is under way). */
  async waitUntilReady(timeoutMs = 60_000): Promise<void> {
    await this.reshaping;
    const deadline = Date.now() + timeoutMs;
    let last = 'no answer';
    while (Date.now() < deadline) {
      try {
        const response = await fetch(`${this.gatewayUrl}/readyz`);
        if (response.ok) return;
        last = await response.text();
      } catch (error) {
        last = String(error);
      }
      await sleep(200);
    }
    throw new Error(`the stack did not become ready in ${timeoutMs} ms: ${last}\nLogs: ${join(this.state.dataDir, 'logs')}`);
  }

  /**
   * Waits for the all-in-one process's restart under way, if any (a `startApp` does not wait for
   * it): a test file's teardown calls this, so no restart it asked for outlives it and then
   * records its process over the next file's. Restarts asked for afterwards still run.
   */
  async settle(): Promise<void> {
    await this.reshaping.catch(() => undefined);
  }

  /**
   * Every app running again with its own environment: a test file that stopped one (or restarted it
   * with overrides) and failed before it put it back would otherwise leave every later file without it.
   * In processes, an app this control stopped is started again; in the all-in-one topology the
   * process is restarted whole when any app is left out or overridden. Resolves once they serve.
   */
  async restoreEveryApp(): Promise<void> {
    await this.settle();
    if (this.state.topology === 'all-in-one') {
      const shape = this.allInOneShape();
      if (shape.without.length === 0 && Object.keys(shape.overrides).length === 0) return;
      await this.reshapeAllInOne((next) => {
        next.without = [];
        next.overrides = {};
      });
    } else {
      const stopped = ALL_APPS.filter((app) => !this.state.pids[app.name]);
      if (stopped.length === 0) return;
      for (const app of stopped) this.startApp(app);
    }
    // The gateway's own view: every service answers it over NATS.
    await this.waitUntilReady(120_000);
  }

  /** Stops what this stack started: apps, NATS, then Postgres. */
  async stop(): Promise<void> {
    await this.settle();
    await this.stopUnit(ALL_IN_ONE);
    for (const app of [...ALL_APPS].reverse()) await this.stopUnit(app.name);
    if (this.state.pids.nats) await stopPid(this.state.pids.nats, 'nats-server');
    delete this.state.pids.nats;
    if (this.state.pids.apertium) await stopPid(this.state.pids.apertium, 'apertium-apy');
    delete this.state.pids.apertium;
    this.stopPostgres();
    this.save();
  }

  private allInOneShape(): NonNullable<StackState['allInOne']> {
    this.state.allInOne ??= { without: [], overrides: {} };
    return this.state.allInOne;
  }

  /**
   * Changes the all-in-one process's apps (at once, so calls made together add up) and restarts it
   * after any restart under way; one restart serves every change made before it starts
   * (`Promise.all` of stopApp, a loop of startApp), and none is made when nothing changed.
   */
  private reshapeAllInOne(change: (shape: NonNullable<StackState['allInOne']>) => void, crash = false): Promise<void> {
    // What the running process has: the shape saved before this control's first change.
    this.appliedShape ??= JSON.stringify(this.allInOneShape());
    change(this.allInOneShape());
    this.save();
    this.crashNext ||= crash;
    this.reshaping = this.reshaping
      .catch(() => undefined)
      .then(async () => {
        if (JSON.stringify(this.allInOneShape()) === this.appliedShape) return;
        const crashNow = this.crashNext;
        this.crashNext = false;
        await this.stopUnit(ALL_IN_ONE, { crash: crashNow });
        this.appliedShape = JSON.stringify(this.allInOneShape());
        this.startAllInOne();
        await this.waitForAllInOne();
        // Its `/readyz` can answer before the gateway's listener accepts (seen under load): callers send requests next.
        if (!this.allInOneShape().without.includes(GATEWAY.name)) await waitForPort(this.state.gatewayPort, 60_000);
      });
    return this.reshaping;
  }

  /** Polls the all-in-one process's own `/readyz`: every app in it serves (the gateway's would name those left out). */
  private async waitForAllInOne(timeoutMs = 180_000): Promise<void> {
    const url = `http://127.0.0.1:${this.state.metricsPorts[ALL_IN_ONE]}/readyz`;
    const deadline = Date.now() + timeoutMs;
    let last = 'no answer';
    while (Date.now() < deadline) {
      try {
        const response = await fetch(url);
        if (response.ok) return;
        last = await response.text();
      } catch (error) {
        last = String(error);
      }
      await sleep(200);
    }
    throw new Error(`the all-in-one process did not become ready in ${timeoutMs} ms: ${last}\nLog: ${this.logFile(ALL_IN_ONE)}`);
  }

  /**
   * Each app's log file (`logs/content.log`) is the all-in-one process's log (one process, one
   * output), so tools and tests that read an app's log find its lines.
   */
  private linkAppLogs(): void {
    for (const app of ALL_APPS) {
      try {
        symlinkSync(`${ALL_IN_ONE}.log`, this.logFile(app.name));
      } catch (error) {
        // Already linked, or the app's own log of an earlier run in processes: kept.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
  }

  stopPostgres(): void {
    stopCluster(this.state.postgres);
  }

  save(): void {
    writeFileSync(this.stateFile, JSON.stringify(this.state, null, 2), { mode: 0o600 });
  }
}

const secret = (): string => randomBytes(24).toString('base64url');
