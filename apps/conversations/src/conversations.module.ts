import { EventsModule, ServiceClientModule, ServiceDatabaseModule } from '@bindery/platform/nest';
import { type DynamicModule, Module } from '@nestjs/common';
import type { ConversationsEnv } from './config/conversations.env';
import { ConversationsFeatureModule } from './conversations/conversations.module';
import { CONVERSATIONS_SCHEMA, createConversationsDataSource } from './database/data-source';
import { parseEmbeddingEndpoints } from './embeddings/embedding-endpoints';

/** The conversations service: ingestion and reads. Processing runs in the worker (`worker.ts`). */
@Module({})
export class ConversationsModule {
  static forService(env: ConversationsEnv): DynamicModule {
    return {
      module: ConversationsModule,
      imports: [
        ServiceDatabaseModule.forRoot({
          schema: CONVERSATIONS_SCHEMA,
          createDataSource: () => createConversationsDataSource(env.DATABASE_URL),
          migrateOnStart: true,
        }),
        // The outbox relay publishes the processing jobs queued by ingestion.
        EventsModule.forRoot({ service: 'conversations', nats: env, databaseUrl: env.DATABASE_URL }),
        ServiceClientModule.forRoot({ name: 'conversations-client', env }),
        ConversationsFeatureModule.forRoot(parseEmbeddingEndpoints(env.CONVERSATIONS_EMBEDDING_ENDPOINTS)),
      ],
    };
  }
}
