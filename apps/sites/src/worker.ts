import 'reflect-metadata';
import { loadConfig, PinoNestLogger, runWorker, runWorkerMain, WorkerEnv } from '@bindery/platform';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { SitesEnv } from './config/sites.env';
import { OpenApiRepository } from './openapi/openapi.repository';
import { openApiProcessJob, specProcessor } from './openapi/process.job';
import { SitesWorkerModule } from './worker.module';

/**
 * `node dist/worker.js`: the sites worker process (its own compose service and stack entry),
 * running the sites context's durable jobs (OpenAPI processing) from the JOBS work queue.
 */
runWorkerMain(async () => {
  const env = loadConfig(SitesEnv);
  const settings = loadConfig(WorkerEnv);
  const app = await NestFactory.createApplicationContext(SitesWorkerModule.forRoot(env), { logger: new PinoNestLogger() });
  const processor = specProcessor(env);
  const worker = await runWorker({
    name: 'sites-worker',
    nats: env,
    database: app.get(DataSource),
    maxConcurrency: settings.WORKER_CONCURRENCY,
    shutdownGraceMs: settings.WORKER_SHUTDOWN_GRACE_MS,
    jobs: [openApiProcessJob({ specs: app.get(OpenApiRepository), env, processor })],
  });
  return {
    worker,
    close: async () => {
      await processor.close();
      await app.close();
    },
  };
});
