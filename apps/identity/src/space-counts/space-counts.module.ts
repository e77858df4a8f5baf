import { type DynamicModule, Module } from '@nestjs/common';
import { IdentityEnv } from '../config/identity.env';
import { SpaceCountsConsumer } from './space-counts.consumer';
import { SpaceCountsRepository } from './space-counts.repository';
import { SpaceCountsService } from './space-counts.service';

/** Needs NATS (JetStream, and content through the app's global ServiceClient), so only the running service has it (not the CLI). */
@Module({})
export class SpaceCountsModule {
  static forService(env: IdentityEnv): DynamicModule {
    return {
      module: SpaceCountsModule,
      providers: [{ provide: IdentityEnv, useValue: env }, SpaceCountsRepository, SpaceCountsService, SpaceCountsConsumer],
    };
  }
}
