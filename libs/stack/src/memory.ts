import { type AppSpec, GATEWAY, WORKERS } from './apps';

/** How much memory an app is planned to use: the same budget locally (`pnpm start`, tests) and in the cluster. */
export interface MemoryBudget {
  /** V8's old-space limit (`--max-old-space-size`), in MiB. */
  heapMb: number;
  /** The container's memory limit, in MiB: the heap plus room for the young generation, code, buffers and threads. */
  containerMb: number;
}

/**
 * Every app runs with an explicit heap limit because V8 sizes the heap's growth by it. With the
 * default limit of a machine with many GiB (about 4 GiB), a busy process may let its heap grow to
 * four times what is live before a full collection: measured in `pnpm bench soak`, content's heap
 * grew 95 → 187 MB in four minutes with 75–125 MB live, and its resident memory with it. Under a
 * limit below 2 GiB V8 lowers that factor towards 1.3, so memory follows what is live. The gateway
 * (its page-tree cache, `PAGE_TREE_CACHE_MB`), content (trees, bodies, imports) and the workers
 * (imports, exports, clustering) get more than the other services.
 */
export function memoryBudget(app: AppSpec): MemoryBudget {
  const large = app === GATEWAY || app.name === 'content' || WORKERS.includes(app);
  return large ? { heapMb: 768, containerMb: 1024 } : { heapMb: 512, containerMb: 768 };
}

/** Node's flag for the app's heap limit, unless NODE_OPTIONS already sets one (the operator's choice wins). */
export function heapLimitArgs(app: AppSpec, nodeOptions: string | undefined): string[] {
  if (nodeOptions?.includes('--max-old-space-size')) return [];
  return [`--max-old-space-size=${memoryBudget(app).heapMb}`];
}
