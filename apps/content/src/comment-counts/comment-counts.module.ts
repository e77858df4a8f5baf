import { type DynamicModule, Module } from '@nestjs/common';
import { ContentEnv } from '../config/content.env';
import { CommentCountsConsumer } from './comment-counts.consumer';
import { CommentCountsRepository } from './comment-counts.repository';

/** Needs JetStream, so only the running service has it (not the worker). */
@Module({})
export class CommentCountsModule {
  static forService(env: ContentEnv): DynamicModule {
    return {
      module: CommentCountsModule,
      providers: [{ provide: ContentEnv, useValue: env }, CommentCountsRepository, CommentCountsConsumer],
    };
  }
}
