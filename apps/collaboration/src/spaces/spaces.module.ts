import { type DynamicModule, Module } from '@nestjs/common';
import { CommentsModule } from '../comments/comments.module';
import { CollaborationEnv } from '../config/collaboration.env';
import { SpaceEventsConsumer } from './space-events.consumer';

/** Content's space events; needs JetStream, so only the running service has it. */
@Module({})
export class SpaceEventsModule {
  static forService(env: CollaborationEnv): DynamicModule {
    return {
      module: SpaceEventsModule,
      imports: [CommentsModule],
      providers: [{ provide: CollaborationEnv, useValue: env }, SpaceEventsConsumer],
    };
  }
}
