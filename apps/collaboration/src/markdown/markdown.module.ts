import { type DynamicModule, Global, Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import type { CollaborationEnv } from '../config/collaboration.env';
import { CommentConverter } from './comment-converter';

/** One CommentConverter (worker pool) per service, sized from the environment. */
@Global()
@Module({})
export class MarkdownModule implements OnModuleDestroy {
  constructor(@Inject(CommentConverter) private readonly converter: CommentConverter) {}

  static forRoot(env: CollaborationEnv): DynamicModule {
    return {
      module: MarkdownModule,
      providers: [
        {
          provide: CommentConverter,
          useFactory: () => new CommentConverter({ workers: env.COMMENT_MARKDOWN_WORKERS, budgetMs: env.COMMENT_MARKDOWN_TIMEOUT_MS }),
        },
      ],
      exports: [CommentConverter],
    };
  }

  async onModuleDestroy(): Promise<void> {
    await this.converter.close();
  }
}
