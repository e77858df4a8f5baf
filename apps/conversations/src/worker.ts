import 'reflect-metadata';
import { loadConfig, PinoNestLogger, runWorker, runWorkerMain, WorkerEnv } from '@bindery/platform';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { ConversationsEnv } from './config/conversations.env';
import { parseEmbeddingEndpoints } from './embeddings/embedding-endpoints';
import { ClusteringEngine } from './processing/clustering-engine';
import { processJob } from './processing/process.job';
import { ProcessingRepository } from './processing/processing.repository';
import { ConversationsWorkerModule } from './worker.module';

/**
 * `node dist/worker.js`: the conversations worker, which turns ingested conversations into issues
 * and clusters them (`conversations.process` jobs). Keeps each organization's clusters in memory
 * between batches; scale it apart from the service.
 */
runWorkerMain(async () => {
  const env = loadConfig(ConversationsEnv);
  const settings = loadConfig(WorkerEnv);
  const app = await NestFactory.createApplicationContext(ConversationsWorkerModule.forRoot(env), { logger: new PinoNestLogger() });
  const db = app.get(DataSource);
  const engine = app.get(ClusteringEngine);
  engine.useEndpoints(parseEmbeddingEndpoints(env.CONVERSATIONS_EMBEDDING_ENDPOINTS));
  const worker = await runWorker({
    name: 'conversations-worker',
    nats: env,
    database: db,
    maxConcurrency: settings.WORKER_CONCURRENCY,
    shutdownGraceMs: settings.WORKER_SHUTDOWN_GRACE_MS,
    jobs: [processJob({ db, repository: app.get(ProcessingRepository), engine, batchSize: env.CONVERSATIONS_BATCH })],
  });
  return { worker, close: () => app.close() };
});
