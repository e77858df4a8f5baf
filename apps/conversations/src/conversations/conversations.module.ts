import { organizationAccessClientProvider, ServiceClient } from '@bindery/platform/nest';
import { type DynamicModule, Module } from '@nestjs/common';
import type { EmbeddingEndpoint } from '../embeddings/embedding-endpoints';
import { ConversationsHandler } from './conversations.handler';
import { ConversationsRepository } from './conversations.repository';
import { ConversationsService } from './conversations.service';
import { ProcessingTrigger } from './processing-trigger';
import { SettingsRepository } from './settings.repository';
import { EMBEDDING_ENDPOINT_NAMES, SettingsService } from './settings.service';

@Module({})
export class ConversationsFeatureModule {
  /** `endpoints`: the operator's embedding endpoints, which organizations may pick from by name. */
  static forRoot(endpoints: EmbeddingEndpoint[]): DynamicModule {
    return {
      module: ConversationsFeatureModule,
      controllers: [ConversationsHandler],
      providers: [
        organizationAccessClientProvider(ServiceClient),
        ConversationsRepository,
        ConversationsService,
        {
          provide: ProcessingTrigger,
          useFactory: (r: ConversationsRepository) => new ProcessingTrigger(r),
          inject: [ConversationsRepository],
        },
        SettingsRepository,
        SettingsService,
        { provide: EMBEDDING_ENDPOINT_NAMES, useValue: endpoints.map((e) => e.name) },
      ],
    };
  }
}
