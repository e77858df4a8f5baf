import { ServiceDatabaseModule } from '@bindery/platform/nest';
import { type DynamicModule, Module } from '@nestjs/common';
import type { ConversationsEnv } from './config/conversations.env';
import { CONVERSATIONS_SCHEMA, createConversationsDataSource } from './database/data-source';
import { ClusteringEngine } from './processing/clustering-engine';
import { ProcessingRepository } from './processing/processing.repository';

/** What the processing job needs: the database, its repository and the clustering engine (word vectors). */
@Module({})
export class ConversationsWorkerModule {
  static forRoot(env: ConversationsEnv): DynamicModule {
    return {
      module: ConversationsWorkerModule,
      imports: [
        ServiceDatabaseModule.forRoot({
          schema: CONVERSATIONS_SCHEMA,
          createDataSource: () => createConversationsDataSource(env.DATABASE_URL),
          migrateOnStart: true,
        }),
      ],
      providers: [ProcessingRepository, ClusteringEngine],
      exports: [ProcessingRepository, ClusteringEngine],
    };
  }
}
