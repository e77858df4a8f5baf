import 'reflect-metadata';
import { join, resolve } from 'node:path';
import { AddressPolicy, loadConfig, PinoNestLogger, runWorker, runWorkerMain, ServiceClient, WorkerEnv } from '@bindery/platform';
import { NATS_CONNECTION } from '@bindery/platform/nest';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { GitSyncEnv } from './config/git-sync.env';
import { PagePool } from './format/page-pool';
import { RepoCache } from './git/repo-cache';
import { CredentialSealer } from './git/sealed-credentials';
import { exportJob } from './jobs/export.job';
import { type GitJobDeps, importJob } from './jobs/import.job';
import { PageSourceRepository } from './sync/page-source.repository';
import { SyncStateRepository } from './sync/sync-state.repository';
import { GitSyncWorkerModule } from './worker.module';

/** Import repositories kept between jobs, within the environment's bounds (none when GIT_CACHE_MAX_BYTES is 0). */
function repoCache(env: GitSyncEnv): RepoCache | undefined {
  if (env.GIT_CACHE_MAX_BYTES === 0) return undefined;
  return new RepoCache({
    root: join(resolve(env.BINDERY_DATA_DIR), 'cache'),
    // A space's repository holds its root and what changed since: past twice the cap on one, it starts over.
    maxRepoBytes: Math.min(2 * env.GIT_MAX_REPO_BYTES, env.GIT_CACHE_MAX_BYTES),
    maxTotalBytes: env.GIT_CACHE_MAX_BYTES,
    maxAgeMs: env.GIT_CACHE_MAX_AGE_HOURS * 3600_000,
    maxPacks: 64,
    // Held for a whole import (its pages read from it); refreshed while held, so only a dead holder's lock gets this old.
    lockStaleMs: 2 * 60_000,
  });
}

/**
 * `node dist/worker.js`: git sync's worker (its own compose service and stack entry): imports and
 * exports with the `git` CLI, scaled apart from the service.
 */
runWorkerMain(async () => {
  const env = loadConfig(GitSyncEnv);
  const settings = loadConfig(WorkerEnv);
  const app = await NestFactory.createApplicationContext(GitSyncWorkerModule.forRoot(env), { logger: new PinoNestLogger() });
  const db = app.get(DataSource);
  // Page Markdown is read and written on these threads, never on the worker's event loop.
  const pool = new PagePool(env.GIT_MARKDOWN_WORKERS, env.GIT_PAGE_PARSE_TIMEOUT_MS);
  const deps: GitJobDeps = {
    db,
    states: app.get(SyncStateRepository),
    sources: app.get(PageSourceRepository),
    // Its own timeout: an import's apply takes longer than an API request may wait.
    content: new ServiceClient(app.get<ConstructorParameters<typeof ServiceClient>[0]>(NATS_CONNECTION), env.GIT_CONTENT_TIMEOUT_MS),
    sealer: new CredentialSealer(env.GIT_CREDENTIALS_SECRET),
    policy: AddressPolicy.fromList(env.GIT_ALLOW_PRIVATE_HOSTS),
    limits: { maxBytes: env.GIT_MAX_REPO_BYTES, maxFiles: env.GIT_MAX_FILES, timeoutMs: env.GIT_TIMEOUT_MS },
    workRoot: join(resolve(env.BINDERY_DATA_DIR), 'work'),
    cache: repoCache(env),
    converter: pool,
  };
  const worker = await runWorker({
    name: 'git-sync-worker',
    nats: env,
    database: db,
    maxConcurrency: settings.WORKER_CONCURRENCY,
    shutdownGraceMs: settings.WORKER_SHUTDOWN_GRACE_MS,
    jobs: [importJob(deps), exportJob(deps)],
  });
  return {
    worker,
    close: async () => {
      await app.close();
      await pool.close();
    },
  };
});
