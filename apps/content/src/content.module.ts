import { EventsModule, ServiceDatabaseModule } from '@bindery/platform/nest';
import { type DynamicModule, Global, Module } from '@nestjs/common';
import { AccessModule } from './access/access.module';
import { ChangeRequestsModule } from './change-requests/change-requests.module';
import { Clock, SystemClock } from './clock/clock';
import type { ContentEnv } from './config/content.env';
import { CONTENT_SCHEMA, createContentDataSource } from './database/data-source';
import { ExportsModule } from './exports/exports.module';
import { FilesModule } from './files/files.module';
import { HealthHandler } from './health/health.handler';
import { MarkdownPoolModule } from './markdown-pool/markdown-pool.module';
import { CollectionsModule } from './collections/collections.module';
import { SpacesModule } from './spaces/spaces.module';

/** The clock every rule about time reads. */
@Global()
@Module({ providers: [{ provide: Clock, useClass: SystemClock }], exports: [Clock] })
class ClockModule {}

@Module({})
export class ContentModule {
  /** The running service: NATS handlers, migrations on start, outbox relay to JetStream. */
  static forService(env: ContentEnv): DynamicModule {
    return {
      module: ContentModule,
      imports: [
        ServiceDatabaseModule.forRoot({
          schema: CONTENT_SCHEMA,
          createDataSource: () => createContentDataSource(env.DATABASE_URL),
          migrateOnStart: true,
        }),
        EventsModule.forRoot({ service: 'content', natsUrl: env.NATS_URL, databaseUrl: env.DATABASE_URL }),
        AccessModule.forRoot(env.NATS_URL),
        ClockModule,
        FilesModule.forRoot(env),
        MarkdownPoolModule.forRoot(env),
        SpacesModule,
        ChangeRequestsModule,
        CollectionsModule,
        ExportsModule,
      ],
      controllers: [HealthHandler],
    };
  }
}
