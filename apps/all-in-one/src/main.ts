import './process-name';
import 'reflect-metadata';
import { collectProcessMetrics, ConfigError, loadConfig, logger } from '@bindery/platform';
import { ALL_APPS, type AppSpec, appEntry, GATEWAY, READER, SERVICES, WORKERS } from '@bindery/stack';
import { environmentOf, explainConfigError } from './app-environment';
import { AllInOneEnv } from './config/all-in-one.env';
import { startHealthServer } from './health-server';
import { MAIN_THREAD } from './process-metrics';
import { AllInOneHost } from './host';
import { type AppsThread, attachThread, JOBS_THREAD, SERVICES_THREAD, type ThreadApp, type ThreadKind } from './apps-thread';
import { servicesInThread } from './services-thread';
import { collectStartupGarbage } from './startup-garbage';
import { rememberValidationRules } from './validation-metadata-cache';
import { letThreadsSizeTheirYoungGeneration } from './thread-young-generation';
import { growHeapsFurtherBetweenFullCollections } from './heap-growing';

/**
 * `node apps/all-in-one/dist/main.js`: every service, worker, the gateway and the reader in this one
 * process, each started by its own entry file with its own environment (its own NATS user and
 * database role). The same code as the one-process-per-app topology; only the runtime is shared.
 */
async function main(): Promise<void> {
  const settings = loadConfig(AllInOneEnv);
  // The main thread's registry: its metrics carry service="all-in-one" (not the first app to start's name).
  collectProcessMetrics('all-in-one', { thread: MAIN_THREAD });
  // The thread holds every class of its apps: class-validator would walk them all at each validation.
  rememberValidationRules();
  // The main thread's heap took the process's semi-space flag (allInOneNodeArgs); the threads take their own.
  letThreadsSizeTheirYoungGeneration();
  // Fewer full collections of each thread's heap (all apps' live data) for the same requests.
  growHeapsFurtherBetweenFullCollections();
  const host = new AllInOneHost();
  host.handleSignals();
  if (settings.ALL_IN_ONE_HEALTH_PORT !== undefined) {
    await startHealthServer(host, settings.ALL_IN_ONE_HEALTH_PORT, settings.ALL_IN_ONE_HEALTH_HOST);
  }
  const launch = (app: AppSpec): Promise<void> =>
    host.launch(app.name, appEntry(app), environmentOf(app, ALL_APPS, process.env)).catch((error: unknown) => {
      throw error instanceof ConfigError ? new ConfigError(error.variables, explainConfigError(app.name, error.message)) : error;
    });
  const without = new Set(settings.ALL_IN_ONE_WITHOUT?.split(',') ?? []);
  if (settings.ALL_IN_ONE_READER === 'off') without.add(READER.name);
  const included = (app: AppSpec): boolean => !without.has(app.name);
  const inThread = (app: AppSpec): ThreadApp => ({
    name: app.name,
    entryFile: appEntry(app),
    env: environmentOf(app, ALL_APPS, process.env),
  });
  const threads: AppsThread[] = [];
  const thread = (kind: ThreadKind, apps: AppSpec[]): void => {
    if (apps.length > 0) threads.push(attachThread(host, kind, apps.map(inThread)));
  };
  // Services most requests reach in a thread of their own: their JavaScript runs on a second core.
  const moved = servicesInThread(settings.ALL_IN_ONE_SERVICES_THREAD);
  const services = SERVICES.filter(included);
  thread(
    SERVICES_THREAD,
    services.filter((app) => moved.has(app.name)),
  );
  // The workers in a thread of their own: a job's heavy synchronous work never holds a loop that serves requests.
  thread(JOBS_THREAD, WORKERS.filter(included));
  try {
    // Services and the threads side by side (each app migrates its own schema), then the HTTP front, one at a time.
    await Promise.all([...services.filter((app) => !moved.has(app.name)).map(launch), ...threads.map((unit) => unit.start())]);
    for (const front of [GATEWAY, READER].filter(included)) await launch(front);
  } catch (error) {
    if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
    else logger.fatal({ err: error }, 'the all-in-one process failed to start');
    await host.stop().catch(() => undefined);
    process.exit(1);
  }
  logger.info({ apps: Object.keys(host.states()), without: [...without], servicesThread: [...moved] }, 'every app is up in one process');
  // Every thread collects its startup's garbage now that the whole process has started, not before.
  for (const unit of threads) unit.settled();
  setImmediate(() => void collectStartupGarbage());
}

void main();
