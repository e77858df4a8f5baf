import { type DynamicModule, Global, Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import type { ContentEnv } from '../config/content.env';
import { MarkdownConverter } from './markdown-converter';

/** One MarkdownConverter (worker pool) per service, sized from the environment. */
@Global()
@Module({})
export class MarkdownPoolModule implements OnModuleDestroy {
  constructor(@Inject(MarkdownConverter) private readonly converter: MarkdownConverter) {}

  static forRoot(env: ContentEnv): DynamicModule {
    return {
      module: MarkdownPoolModule,
      providers: [
        {
          provide: MarkdownConverter,
          useFactory: () => new MarkdownConverter({ workers: env.MARKDOWN_WORKERS, budgetMs: env.MARKDOWN_TIMEOUT_MS }),
        },
      ],
      exports: [MarkdownConverter],
    };
  }

  async onModuleDestroy(): Promise<void> {
    await this.converter.close();
  }
}
