import './process-name';
import 'reflect-metadata';
import { collectProcessMetrics, ConfigError, loadConfig, logger } from '@bindery/platform';
import { ALL_APPS, type AppSpec, appEntry, GATEWAY, READER, SERVICES, WORKERS } from '@bindery/stack';
import { environmentOf, explainConfigError } from './app-environment';
import { AllInOneEnv } from './config/all-in-one.env';
import { startHealthServer } from './health-server';
import { AllInOneHost } from './host';
import { JobsThread } from './jobs-thread';

/**
 * `node apps/all-in-one/dist/main.js`: every service, worker, the gateway and the reader in this one
 * process, each started by its own entry file with its own environment (its own NATS user and
 * database role). The same code as the one-process-per-app topology; only the runtime is shared.
 */
async function main(): Promise<void> {
  const settings = loadConfig(AllInOneEnv);
  // One registry for the process: its metrics carry service="all-in-one" (not the first app to start's name).
  collectProcessMetrics('all-in-one');
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
  // The workers in a thread of their own: a job's heavy synchronous work never holds the loop that serves requests.
  const workers = WORKERS.filter(included).map((app) => ({
    name: app.name,
    entryFile: appEntry(app),
    env: environmentOf(app, ALL_APPS, process.env),
  }));
  const jobs = workers.length > 0 ? new JobsThread(workers, (error) => host.fail(error)) : undefined;
  if (jobs) host.attach(jobs);
  try {
    // Services and the jobs thread side by side (each app migrates its own schema), then the HTTP front, one at a time.
    await Promise.all([...SERVICES.filter(included).map(launch), jobs?.start()]);
    for (const front of [GATEWAY, READER].filter(included)) await launch(front);
  } catch (error) {
    if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
    else logger.fatal({ err: error }, 'the all-in-one process failed to start');
    await host.stop().catch(() => undefined);
    process.exit(1);
  }
  logger.info({ apps: Object.keys(host.states()), without: [...without] }, 'every app is up in one process');
}

void main();
