import { organizationAccessClientProvider, ServiceClient, spaceAccessClientProvider } from '@bindery/platform/nest';
import { type DynamicModule, Module } from '@nestjs/common';
import type { TranslationsEnv } from '../config/translations.env';
import { Engines } from '../engines/engines';
import { TranslationsHandler } from './translations.handler';
import { TranslationsRepository } from './translations.repository';
import { TranslationsService } from './translations.service';

@Module({})
export class TranslationsFeatureModule {
  static forRoot(env: TranslationsEnv): DynamicModule {
    return {
      module: TranslationsFeatureModule,
      controllers: [TranslationsHandler],
      providers: [
        TranslationsRepository,
        TranslationsService,
        { provide: Engines, useValue: new Engines(env) },
        spaceAccessClientProvider(ServiceClient),
        organizationAccessClientProvider(ServiceClient),
      ],
    };
  }
}
