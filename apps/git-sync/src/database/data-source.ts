import { createServiceDataSource } from '@bindery/platform';
import { CreateGitSync1767571200000 } from './migrations/1767571200000-CreateGitSync';
import { GitSyncWebhook1779500000000 } from './migrations/1779500000000-GitSyncWebhook';
import { GitSyncPageSources1780100000000 } from './migrations/1780100000000-GitSyncPageSources';
import { GitSyncContentRoot1780600000000 } from './migrations/1780600000000-GitSyncContentRoot';
import { GitSyncSourcesLz41780700000000 } from './migrations/1780700000000-GitSyncSourcesLz4';
import { DropUnusedJobsIndex1796310000000 } from './migrations/1796310000000-DropUnusedJobsIndex';

export const GIT_SYNC_SCHEMA = 'git_sync';

export const gitSyncMigrations = [
  CreateGitSync1767571200000,
  GitSyncWebhook1779500000000,
  GitSyncPageSources1780100000000,
  GitSyncContentRoot1780600000000,
  GitSyncSourcesLz41780700000000,
  DropUnusedJobsIndex1796310000000,
];

/** Git sync's own schema, reached with its own role (DATABASE_URL). */
export const createGitSyncDataSource = (url: string) =>
  createServiceDataSource({ url, schema: GIT_SYNC_SCHEMA, entities: [], migrations: gitSyncMigrations });
