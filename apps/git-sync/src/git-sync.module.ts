import { EventsModule, ServiceClient, ServiceClientModule, ServiceDatabaseModule, spaceAccessClientProvider } from '@bindery/platform/nest';
import { type DynamicModule, Module } from '@nestjs/common';
import { GitSyncEnv } from './config/git-sync.env';
import { CredentialSealer } from './git/sealed-credentials';
import { createGitSyncDataSource, GIT_SYNC_SCHEMA } from './database/data-source';
import { GitSyncHandler } from './sync/git-sync.handler';
import { GitSyncService } from './sync/git-sync.service';
import { SyncStateRepository } from './sync/sync-state.repository';
import { GitWebhookService } from './webhook/webhook.service';

/** Git sync's request side: starts imports and exports (jobs run in `worker.ts`), answers info. */
@Module({})
export class GitSyncModule {
  static forService(env: GitSyncEnv): DynamicModule {
    return {
      module: GitSyncModule,
      imports: [
        ServiceDatabaseModule.forRoot({
          schema: GIT_SYNC_SCHEMA,
          createDataSource: () => createGitSyncDataSource(env.DATABASE_URL),
          migrateOnStart: true,
        }),
        EventsModule.forRoot({ service: 'git-sync', nats: env, databaseUrl: env.DATABASE_URL }),
        ServiceClientModule.forRoot({ name: 'git-sync-client', env }),
      ],
      controllers: [GitSyncHandler],
      providers: [
        { provide: GitSyncEnv, useValue: env },
        { provide: CredentialSealer, useValue: new CredentialSealer(env.GIT_CREDENTIALS_SECRET) },
        spaceAccessClientProvider(ServiceClient),
        SyncStateRepository,
        GitSyncService,
        GitWebhookService,
      ],
    };
  }
}
