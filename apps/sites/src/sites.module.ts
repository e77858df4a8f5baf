import { EventsModule, ServiceClientModule, ServiceDatabaseModule } from '@bindery/platform/nest';
import { type DynamicModule, Module } from '@nestjs/common';
import type { SitesEnv } from './config/sites.env';
import { SITES_SCHEMA, createSitesDataSource } from './database/data-source';
import { OpenApiModule } from './openapi/openapi.module';

/** Features go in `imports`; the health handler comes with `startService`. */
@Module({})
export class SitesModule {
  /** The running service: NATS handlers, migrations on start, outbox relay to JetStream, calls to other services. */
  static forService(env: SitesEnv): DynamicModule {
    return {
      module: SitesModule,
      imports: [
        ServiceDatabaseModule.forRoot({
          schema: SITES_SCHEMA,
          createDataSource: () => createSitesDataSource(env.DATABASE_URL),
          migrateOnStart: true,
        }),
        EventsModule.forRoot({ service: 'sites', nats: env, databaseUrl: env.DATABASE_URL }),
        ServiceClientModule.forRoot({ name: 'sites-client', env }),
        OpenApiModule.forRoot(env),
      ],
    };
  }
}
