import { MarkdownPoolModule } from '@bindery/platform/markdown';
import { EventsModule, ServiceClientModule, ServiceDatabaseModule } from '@bindery/platform/nest';
import { type DynamicModule, Module } from '@nestjs/common';
import { CommentsModule } from './comments/comments.module';
import type { CollaborationEnv } from './config/collaboration.env';
import { COLLABORATION_SCHEMA, createCollaborationDataSource } from './database/data-source';
import { SpaceEventsModule } from './spaces/spaces.module';

/** Comments and their events; the health handler comes with `startService`. */
@Module({})
export class CollaborationModule {
  /** The running service: NATS handlers, migrations on start, outbox relay to JetStream, calls to other services. */
  static forService(env: CollaborationEnv): DynamicModule {
    return {
      module: CollaborationModule,
      imports: [
        ServiceDatabaseModule.forRoot({
          schema: COLLABORATION_SCHEMA,
          createDataSource: () => createCollaborationDataSource(env.DATABASE_URL),
          migrateOnStart: true,
        }),
        EventsModule.forRoot({ service: 'collaboration', nats: env, databaseUrl: env.DATABASE_URL }),
        ServiceClientModule.forRoot({ name: 'collaboration-client', env }),
        MarkdownPoolModule.forRoot({
          workers: env.COMMENT_MARKDOWN_WORKERS,
          budgetMs: env.COMMENT_MARKDOWN_TIMEOUT_MS,
          name: 'Comment',
          unreadable: 'is not a body this server can read',
        }),
        CommentsModule,
        SpaceEventsModule.forService(env),
      ],
    };
  }
}
