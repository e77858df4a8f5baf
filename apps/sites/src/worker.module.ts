import { ServiceDatabaseModule } from '@bindery/platform/nest';
import { type DynamicModule, Module } from '@nestjs/common';
import type { SitesEnv } from './config/sites.env';
import { SITES_SCHEMA, createSitesDataSource } from './database/data-source';
import { OpenApiWorkerModule } from './openapi/openapi.module';

/**
 * What the sites jobs need, without the request side (no NATS handlers, no outbox relay, no
 * calls to identity): the same providers as the service. A new job imports its feature here.
 */
@Module({})
export class SitesWorkerModule {
  static forRoot(env: SitesEnv): DynamicModule {
    return {
      module: SitesWorkerModule,
      imports: [
        ServiceDatabaseModule.forRoot({
          schema: SITES_SCHEMA,
          createDataSource: () => createSitesDataSource(env.DATABASE_URL),
          // Like the service: a worker deployed alone never runs against an older schema.
          migrateOnStart: true,
        }),
        OpenApiWorkerModule.forRoot(env),
      ],
    };
  }
}
