import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { ContentEnv } from '../config/content.env';
import { SerializedTreeCache } from './serialized-tree-cache';

/** One cache of serialised page trees per process, sized by `PAGE_TREE_CACHE_MB`, cut into parts of `PAGE_TREE_PART_BYTES`. */
@Global()
@Module({})
export class SerializedTreeCacheModule {
  static forRoot(env: ContentEnv): DynamicModule {
    return {
      module: SerializedTreeCacheModule,
      providers: [{ provide: SerializedTreeCache, useValue: new SerializedTreeCache(env.PAGE_TREE_CACHE_MB, env.PAGE_TREE_PART_BYTES) }],
      exports: [SerializedTreeCache],
    };
  }
}
