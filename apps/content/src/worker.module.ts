import { OpenApiOutlinesRepository } from './computed/openapi-outlines.repository';
import { ServiceDatabaseModule } from '@bindery/platform/nest';
import { type DynamicModule, Global, Module } from '@nestjs/common';
import { ClockModule } from './clock/clock.module';
import type { ContentEnv } from './config/content.env';
import { CONTENT_SCHEMA, createContentDataSource } from './database/data-source';
import { FILE_STORAGE } from './store/file-storage/file-storage';
import { storageFromEnv } from './store/file-storage/storage-from-env';
import { RevisionsModule } from './store/revisions.module';
import { SpacesRepository } from './store/spaces.repository';
import { SearchIndexer } from './search/search-indexer';
import { SearchRepository } from './search/search.repository';

/** File bytes only (the service's FilesModule also brings intake, signing and its NATS handler). */
@Global()
@Module({})
class WorkerStorageModule {
  static forRoot(env: ContentEnv): DynamicModule {
    return { module: WorkerStorageModule, providers: [{ provide: FILE_STORAGE, useValue: storageFromEnv(env) }], exports: [FILE_STORAGE] };
  }
}

/**
 * What content's jobs need, without the request side (no NATS handlers, no outbox relay, no
 * access checks against identity): the same providers as the service, so a job calls the code the
 * service calls. A new job imports the feature module it needs here.
 */
@Module({})
export class ContentWorkerModule {
  static forRoot(env: ContentEnv): DynamicModule {
    return {
      module: ContentWorkerModule,
      imports: [
        ServiceDatabaseModule.forRoot({
          schema: CONTENT_SCHEMA,
          createDataSource: () => createContentDataSource(env.DATABASE_URL),
          // Like the service: a worker deployed alone never runs against an older schema.
          migrateOnStart: true,
        }),
        ClockModule,
        WorkerStorageModule.forRoot(env),
        RevisionsModule,
      ],
      providers: [SpacesRepository, SearchRepository, SearchIndexer, OpenApiOutlinesRepository],
      exports: [SpacesRepository, SearchIndexer],
    };
  }
}
