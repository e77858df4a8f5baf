import { type DynamicModule, Module } from '@nestjs/common';
import { ContentEnv } from '../config/content.env';
import { StoreModule } from '../store/store.module';
import { ComputedContentService } from './computed-content.service';
import { ComputedHandler } from './computed.handler';
import { OpenApiFollowConsumer } from './openapi-follow.consumer';
import { OpenApiOutlinesRepository } from './openapi-outlines.repository';
import { OpenApiOutlines } from './openapi-outlines.service';

/** Computed OpenAPI pages: generation on read, `getComputedRevision`/`getComputedDocument`, and the processed-spec consumer. */
@Module({
  imports: [StoreModule],
  controllers: [ComputedHandler],
  providers: [ComputedContentService, OpenApiOutlines, OpenApiOutlinesRepository],
  exports: [ComputedContentService],
})
export class ComputedModule {}

/** The processed-spec consumer needs JetStream, so only the running service has it. */
@Module({})
export class ComputedFollowModule {
  static forService(env: ContentEnv): DynamicModule {
    return {
      module: ComputedFollowModule,
      imports: [ComputedModule, StoreModule],
      providers: [{ provide: ContentEnv, useValue: env }, OpenApiFollowConsumer, OpenApiOutlines, OpenApiOutlinesRepository],
    };
  }
}
