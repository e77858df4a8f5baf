import 'reflect-metadata';
import { loadConfig, PinoNestLogger, runWorker, runWorkerMain, WorkerEnv } from '@bindery/platform';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { Clock } from './clock/clock';
import { ContentEnv } from './config/content.env';
import { ContentCollector } from './store/content-collector';
import { purgeJob } from './spaces/purge.job';
import { searchIndexJob } from './search/search-index.job';
import { SearchIndexer } from './search/search-indexer';
import { SpacesRepository } from './store/spaces.repository';
import { ContentWorkerModule } from './worker.module';

/**
 * `node dist/worker.js`: content's worker process (its own compose service and stack entry),
 * running content's durable jobs from the JOBS work queue. Scale it apart from the service.
 */
runWorkerMain(async () => {
  const env = loadConfig(ContentEnv);
  const settings = loadConfig(WorkerEnv);
  // A Nest application context, not a microservice: the providers, no transport.
  const app = await NestFactory.createApplicationContext(ContentWorkerModule.forRoot(env), { logger: new PinoNestLogger() });
  const db = app.get(DataSource);
  const worker = await runWorker({
    name: 'content-worker',
    nats: env,
    database: db,
    maxConcurrency: settings.WORKER_CONCURRENCY,
    shutdownGraceMs: settings.WORKER_SHUTDOWN_GRACE_MS,
    jobs: [
      purgeJob({ spaces: app.get(SpacesRepository), collector: app.get(ContentCollector), clock: app.get(Clock), db }),
      searchIndexJob({ indexer: app.get(SearchIndexer) }),
    ],
  });
  return { worker, close: () => app.close() };
});
