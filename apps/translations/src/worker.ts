import 'reflect-metadata';
import { loadConfig, PinoNestLogger, runWorker, runWorkerMain, WorkerEnv } from '@bindery/platform';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { TranslationsEnv } from './config/translations.env';
import { runJob } from './runs/run.job';
import { RunService } from './runs/run.service';
import { TranslationsWorkerModule } from './worker.module';

/**
 * `node dist/worker.js`: the translations worker (its own compose service and stack entry), running
 * translation runs from the JOBS work queue. Scale it apart from the service.
 */
runWorkerMain(async () => {
  const env = loadConfig(TranslationsEnv);
  const settings = loadConfig(WorkerEnv);
  const app = await NestFactory.createApplicationContext(TranslationsWorkerModule.forRoot(env), { logger: new PinoNestLogger() });
  const worker = await runWorker({
    name: 'translations-worker',
    nats: env,
    database: app.get(DataSource),
    maxConcurrency: settings.WORKER_CONCURRENCY,
    shutdownGraceMs: settings.WORKER_SHUTDOWN_GRACE_MS,
    jobs: [runJob(app.get(RunService), env.TRANSLATION_RUN_ACK_WAIT_MS)],
  });
  return { worker, close: () => app.close() };
});
