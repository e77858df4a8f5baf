import { organizationAccessClientProvider, ServiceClient, spaceAccessClientProvider } from '@bindery/platform/nest';
import { type DynamicModule, Module } from '@nestjs/common';
import { TranslationsHandler } from './translations.handler';
import { TranslationsRepository } from './translations.repository';
import { TranslationsService } from './translations.service';

@Module({})
export class TranslationsFeatureModule {
  static forRoot(): DynamicModule {
    return {
      module: TranslationsFeatureModule,
      controllers: [TranslationsHandler],
      providers: [
        TranslationsRepository,
        TranslationsService,
        spaceAccessClientProvider(ServiceClient),
        organizationAccessClientProvider(ServiceClient),
      ],
    };
  }
}
