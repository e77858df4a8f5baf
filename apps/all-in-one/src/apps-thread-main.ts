import './process-name';
import 'reflect-metadata';
import { parentPort, workerData } from 'node:worker_threads';
import { collectProcessMetrics, ConfigError, logger, type MetricsSnapshot, metricsSnapshot } from '@bindery/platform';
import { explainConfigError } from './app-environment';
import { AllInOneHost } from './host';
import type { FromAppsThread, ThreadApp, ToAppsThread } from './apps-thread';
import { nameOsThread, osThreadId } from './os-thread';
import { collectStartupGarbage } from './startup-garbage';
import { rememberValidationRules } from './validation-metadata-cache';

/**
 * A thread of the all-in-one process (apps-thread.ts): its apps (the workers, or services moved off
 * the main thread), each started by its own entry under its own environment, as the main thread
 * starts its own. The main thread stops it (`stop`); an app's fatal error stops the thread's apps
 * and ends it with code 1, which fails the process.
 */
function main(): void {
  const port = parentPort;
  if (!port) throw new Error('apps-thread-main runs as a worker thread of the all-in-one process');
  const post = (message: FromAppsThread): void => port.postMessage(message);
  const { apps, thread } = workerData as { apps: ThreadApp[]; thread: string };
  // `top -H` and the idle bench tell this thread from V8's and libuv's, which Node names as the process.
  nameOsThread(thread);
  // The thread's own registry (its apps' metrics on their METRICS_PORT): named as the process's, and by thread.
  collectProcessMetrics('all-in-one', { thread });
  rememberValidationRules();
  const host = new AllInOneHost();
  const report = (): void => post({ kind: 'states', states: host.states() });
  port.on('message', (message: ToAppsThread) => {
    if (message.kind === 'metrics') {
      const answer = (snapshot: MetricsSnapshot): void => post({ kind: 'metrics', id: message.id, snapshot });
      metricsSnapshot().then(answer, (error: unknown) => {
        logger.warn({ err: error, thread }, 'collecting the metrics of a thread failed');
        answer([]);
      });
      return;
    }
    if (message.kind === 'settled') {
      setImmediate(() => void collectStartupGarbage());
      return;
    }
    report();
    void host.stop().finally(() => {
      report();
      process.exit(0);
    });
  });
  void Promise.all(
    apps.map((app) =>
      host.launch(app.name, app.entryFile, app.env).then(report, (error: unknown) => {
        report();
        const config = error instanceof ConfigError;
        if (!config) logger.fatal({ err: error, app: app.name }, 'an app of the all-in-one process failed to start in its thread');
        post({
          kind: 'failed',
          app: app.name,
          message: config ? explainConfigError(app.name, error.message) : `${app.name}: ${String(error)}`,
          configVariables: config ? error.variables : undefined,
        });
        throw error;
      }),
    ),
  ).then(
    () => {
      post({ kind: 'started' });
      logger.info(
        { thread, apps: apps.map((app) => app.name), osThreadId: osThreadId() },
        'a thread of the all-in-one process serves its apps',
      );
      // Its startup's garbage is collected once every app of the process serves (`settled`).
    },
    // Reported above; the main thread stops the process, and this thread with it.
    () => undefined,
  );
}

main();
