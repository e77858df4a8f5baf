import { ServiceClientModule, ServiceDatabaseModule } from '@bindery/platform/nest';
import { type DynamicModule, Module } from '@nestjs/common';
import type { TranslationsEnv } from './config/translations.env';
import { createTranslationsDataSource, TRANSLATIONS_SCHEMA } from './database/data-source';
import { Engines } from './engines/engines';
import { RUN_SETTINGS, RunService } from './runs/run.service';
import { TranslationsRepository } from './translations/translations.repository';

/** What runs need: the repository, the engines, and a NATS client to read and write content. */
@Module({})
export class TranslationsWorkerModule {
  static forRoot(env: TranslationsEnv): DynamicModule {
    return {
      module: TranslationsWorkerModule,
      imports: [
        ServiceDatabaseModule.forRoot({
          schema: TRANSLATIONS_SCHEMA,
          createDataSource: () => createTranslationsDataSource(env.DATABASE_URL),
          migrateOnStart: true,
        }),
        ServiceClientModule.forRoot({ name: 'translations-worker-client', env }),
      ],
      providers: [
        TranslationsRepository,
        RunService,
        { provide: Engines, useValue: new Engines(env) },
        {
          provide: RUN_SETTINGS,
          useValue: { concurrency: env.TRANSLATION_CONCURRENCY, contentTimeoutMs: Math.max(env.RPC_TIMEOUT_MS, 60_000) },
        },
      ],
    };
  }
}
