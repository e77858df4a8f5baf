import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ALL_APPS,
  appEntry,
  freePort,
  LocalStack,
  natsUsers,
  repoRoot,
  run,
  SERVICES,
  startProcess,
  stopPid,
  type Topology,
  waitForPort,
} from '@bindery/stack';

/** What end-to-end tests need to reach the stack, shared from the global setup through a file. */
export interface TestStackInfo {
  dataDir: string;
  gatewayUrl: string;
  /** The reader app (published sites as HTML). */
  readerUrl: string;
  /** NATS without credentials: the server refuses such connections. */
  natsUrl: string;
  /** Every NATS user's settings (`operator`: every subject; or an app's name: that app's permissions). */
  natsUsers: Record<string, { NATS_URL: string; NATS_USER: string; NATS_PASSWORD: string }>;
  adminToken: string;
  adminEmail: string;
  adminOrganizationId: string;
  /** Each app's Prometheus `/metrics` port on 127.0.0.1. */
  metricsPorts: Record<string, number>;
  /** Identity's operator commands in one long-lived process (see identity-operator-server.ts). */
  operator: { url: string; pid: number };
}

const OPERATOR_SERVER = join(__dirname, 'identity-operator-server.js');

const INFO_FILE = join(tmpdir(), `bindery-e2e-${process.ppid}-${process.pid}.json`);
export const TEST_STACK_ENV = 'BINDERY_TEST_STACK';

/**
 * Starts a fresh stack for a test run: its own temporary data directory and free ports, so runs
 * never collide, and a bootstrapped admin with a token.
 */
export async function startTestStack(): Promise<TestStackInfo> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bindery-e2e-'));
  // Tests need no durability across a machine crash; the benchmarks set `on`, as `pnpm start` runs.
  process.env.BINDERY_PG_FSYNC ??= 'off';
  // Apps under test log at debug (to their files), so a test can follow a request across services.
  process.env.BINDERY_APP_LOG_LEVEL ??= 'debug';
  // The stack's gateway runs without rate limits, so tests are never throttled by each other;
  // ops-rate-limits starts its own replicas with small limits.
  process.env.RATE_LIMIT_PER_TOKEN ??= '0';
  process.env.RATE_LIMIT_PER_ADDRESS ??= '0';
  // The reader too (every test reads sites from 127.0.0.1); security-reader starts its own replica with a limit.
  process.env.READER_RATE_LIMIT_PER_MINUTE ??= '0';
  // OpenAPI specs are fetched from a test's own HTTP server on loopback, by name only (a URL with
  // 127.0.0.1 is still refused, as in production); failed fetches are retried quickly.
  process.env.OPENAPI_FETCH_ALLOW_PRIVATE_HOSTS ??= 'localhost';
  process.env.OPENAPI_RETRY_BACKOFF_MS ??= '300';
  const stack = await LocalStack.prepare({ dataDir, topology: testTopology() });
  try {
    await stack.startInfrastructure();
    await stack.migrate();
    const identity = SERVICES.find((s) => s.name === 'identity')!;
    const boot = JSON.parse(
      run(process.execPath, [appEntry(identity, 'cli/main.js'), 'bootstrap', '--json', '--email', 'admin@e2e.test'], {
        env: stack.envFor(identity),
      }),
    ) as { token: string; organizationId: string };
    // Generous: on a machine shared with other builds, three Node apps can take a minute to boot.
    await stack.startApps(180_000);
    const operatorPort = await freePort();
    const operator = startProcess(process.execPath, [OPERATOR_SERVER], join(dataDir, 'logs', 'identity-operator.log'), {
      ...stack.envFor(identity),
      OPERATOR_PORT: String(operatorPort),
    });
    await waitForPort(operatorPort, 120_000);
    const info: TestStackInfo = {
      dataDir,
      gatewayUrl: stack.gatewayUrl,
      readerUrl: stack.readerUrl,
      natsUrl: stack.natsUrl,
      natsUsers: Object.fromEntries(natsUsers().map(({ user }) => [user, stack.natsSettings(user)])),
      adminToken: boot.token,
      adminEmail: 'admin@e2e.test',
      adminOrganizationId: boot.organizationId,
      metricsPorts: stack.state.metricsPorts,
      operator: { url: `http://127.0.0.1:${operatorPort}`, pid: operator.pid! },
    };
    writeFileSync(INFO_FILE, JSON.stringify(info));
    process.env[TEST_STACK_ENV] = INFO_FILE;
    return info;
  } catch (error) {
    await stack.stop().catch(() => undefined);
    throw error;
  }
}

/**
 * The apps' topology under test: one process per app, or every app in one process
 * (`BINDERY_TEST_TOPOLOGY=all-in-one`, the small install), so the same suite runs against both.
 */
export const TEST_TOPOLOGY_ENV = 'BINDERY_TEST_TOPOLOGY';
export function testTopology(): Topology {
  const topology = process.env[TEST_TOPOLOGY_ENV] ?? 'processes';
  if (topology !== 'processes' && topology !== 'all-in-one') throw new Error(`${TEST_TOPOLOGY_ENV} must be processes or all-in-one`);
  return topology;
}

/**
 * Whether each app runs in its own process. A test that needs that (it pauses one app's process
 * with SIGSTOP, or reaches one app's process while the others serve) runs only then:
 * `(ownProcessPerApp('why') ? it : it.skip)(…)`. In the all-in-one topology this prints why it is skipped.
 */
export function ownProcessPerApp(whySkippedInAllInOne: string): boolean {
  if (testTopology() !== 'all-in-one') return true;
  process.stdout.write(`skipped in the all-in-one topology: ${whySkippedInAllInOne}\n`);
  return false;
}

/** The `service` of an app's log lines and metrics: its name, or `all-in-one` when every app shares that process. */
export function serviceLabel(app: string): string {
  return testTopology() === 'all-in-one' ? 'all-in-one' : app;
}

/** The running test stack, from inside a test file. */
export function testStack(): TestStackInfo {
  const file = process.env[TEST_STACK_ENV];
  if (!file) throw new Error('no test stack: run end-to-end tests through jest with the e2e global setup');
  return JSON.parse(readFileSync(file, 'utf8')) as TestStackInfo;
}

/**
 * NATS settings of one of the stack's users, for `JetStreamBus.connect` or, through
 * `natsConnectionOptions`, `connect`: the operator's (every subject) unless an app is named.
 */
export function testNats(user = 'operator'): { NATS_URL: string; NATS_USER: string; NATS_PASSWORD: string } {
  const settings = testStack().natsUsers[user];
  if (!settings) throw new Error(`no NATS user ${user} in the test stack`);
  return settings;
}

let control: Promise<LocalStack> | undefined;

/**
 * The stack's control (to stop or restart one app from a test): one per test file (jest loads this
 * module again for each), so every stop and restart of a file goes through one LocalStack, one
 * after another, and its PIDs are saved from that one place.
 */
export function controlTestStack(): Promise<LocalStack> {
  control ??= LocalStack.prepare({ dataDir: testStack().dataDir });
  return control;
}

/**
 * A test file's teardown (setupFilesAfterEnv): waits for the restart of the all-in-one process it
 * asked for, if one is under way, so none outlives the file, and puts back every app the file
 * stopped (a failed test may not have), so one failure does not cascade into the files after it.
 */
export async function settleTestStack(): Promise<void> {
  if (control) await (await control).restoreEveryApp();
}

/**
 * Runs one of identity's operator CLI commands against the test stack and returns its JSON output.
 * By default in the stack's long-lived operator process (same commands and flags, no process boot
 * per call); `{ process: true }` spawns the real CLI, for the tests of the CLI itself.
 */
export async function identityCli(args: string[], options: { process?: boolean } = {}): Promise<Record<string, unknown>> {
  if (options.process) {
    const stack = await controlTestStack();
    const identity = SERVICES.find((s) => s.name === 'identity')!;
    return JSON.parse(
      run(process.execPath, [appEntry(identity, 'cli/main.js'), ...args, '--json'], { env: stack.envFor(identity) }),
    ) as Record<string, unknown>;
  }
  const response = await fetch(testStack().operator.url, { method: 'POST', body: JSON.stringify({ args }) });
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`identity CLI ${args.join(' ')} failed: ${String(body.error)}`);
  return body;
}

export async function stopTestStack(): Promise<void> {
  const file = process.env[TEST_STACK_ENV];
  if (!file) return;
  const info = JSON.parse(readFileSync(file, 'utf8')) as TestStackInfo;
  const stack = await LocalStack.prepare({ dataDir: info.dataDir });
  await stopPid(info.operator.pid, OPERATOR_SERVER);
  await stack.stop();
  if (!process.env.BINDERY_KEEP_TEST_DATA) rmSync(info.dataDir, { recursive: true, force: true });
  rmSync(file, { force: true });
}

export { ALL_APPS, repoRoot };
