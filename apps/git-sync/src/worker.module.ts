import { ServiceClientModule, ServiceDatabaseModule } from '@bindery/platform/nest';
import { type DynamicModule, Module } from '@nestjs/common';
import type { GitSyncEnv } from './config/git-sync.env';
import { createGitSyncDataSource, GIT_SYNC_SCHEMA } from './database/data-source';
import { PageSourceRepository } from './sync/page-source.repository';
import { SyncStateRepository } from './sync/sync-state.repository';

/** What git sync's jobs need: the schema, a client for content, the sync states. No request side. */
@Module({})
export class GitSyncWorkerModule {
  static forRoot(env: GitSyncEnv): DynamicModule {
    return {
      module: GitSyncWorkerModule,
      imports: [
        ServiceDatabaseModule.forRoot({
          schema: GIT_SYNC_SCHEMA,
          createDataSource: () => createGitSyncDataSource(env.DATABASE_URL),
          migrateOnStart: true,
        }),
        ServiceClientModule.forRoot({ name: 'git-sync-worker-client', env }),
      ],
      providers: [SyncStateRepository, PageSourceRepository],
      exports: [SyncStateRepository, PageSourceRepository],
    };
  }
}
