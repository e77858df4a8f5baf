import { type DynamicModule, Global, Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import { MarkdownPool, type MarkdownPoolOptions } from './markdown-pool';

/** One MarkdownPool per service, sized from its environment; its threads end with the service. */
@Global()
@Module({})
export class MarkdownPoolModule implements OnModuleDestroy {
  constructor(@Inject(MarkdownPool) private readonly pool: MarkdownPool) {}

  static forRoot(options: MarkdownPoolOptions): DynamicModule {
    return {
      module: MarkdownPoolModule,
      providers: [{ provide: MarkdownPool, useFactory: () => new MarkdownPool(options) }],
      exports: [MarkdownPool],
    };
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.close();
  }
}
