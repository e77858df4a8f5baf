import { EventsModule, ServiceClientModule, ServiceDatabaseModule } from '@bindery/platform/nest';
import { type DynamicModule, Module } from '@nestjs/common';
import type { TranslationsEnv } from './config/translations.env';
import { createTranslationsDataSource, TRANSLATIONS_SCHEMA } from './database/data-source';
import { TranslationsFeatureModule } from './translations/translations.module';

@Module({})
export class TranslationsModule {
  /** The running service: NATS handlers, migrations on start, outbox relay (it queues the runs), calls to identity and content. */
  static forService(env: TranslationsEnv): DynamicModule {
    return {
      module: TranslationsModule,
      imports: [
        ServiceDatabaseModule.forRoot({
          schema: TRANSLATIONS_SCHEMA,
          createDataSource: () => createTranslationsDataSource(env.DATABASE_URL),
          migrateOnStart: true,
        }),
        EventsModule.forRoot({ service: 'translations', nats: env, databaseUrl: env.DATABASE_URL }),
        ServiceClientModule.forRoot({ name: 'translations-client', env }),
        TranslationsFeatureModule.forRoot(),
      ],
    };
  }
}
