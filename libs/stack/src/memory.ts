import { type AppSpec, GATEWAY, WORKERS } from './apps';

/** How much memory an app is planned to use: the same budget locally (`pnpm start`, tests) and in the cluster. */
export interface MemoryBudget {
  /** V8's old-space limit (`--max-old-space-size`), in MiB. */
  heapMb: number;
  /** The container's memory limit, in MiB: the heap plus room for the young generation, code, buffers and threads. */
  containerMb: number;
  /** V8's largest semi-space of the young generation (`--max-semi-space-size`), in MiB; V8's own (16) when absent. */
  semiSpaceMb?: number;
}

/**
 * The apps every API request goes through (`GET /v1/orgs/{id}`: gateway → identity) get a young
 * generation twice V8's default. Each allocates ~55 KB per request (Nest, NATS, the envelope,
 * pg), so at 64 connections both filled V8's 16 MiB semi-space ~9 times a second. Every
 * scavenge stops the process while every request in flight waits, and what was in flight at two
 * scavenges in a row is promoted, so identity also ran a full mark-compact every 1–3.5 s. With
 * 32 MiB (`pnpm bench gateway` at 64 connections, counted with `--trace-gc-nvp` and perf_hooks):
 * scavenges 51 → 17–26 per 10 s in each process, identity's mark-compacts 7 → 0 and its GC
 * pauses 944 → 103–148 ms per 10 s. The cost: the young generation's 2 × 32 MiB are resident
 * once the first requests have filled them, and stay so (the floor, see `heapLimitArgs`): ~60 MB
 * more than V8's default per process, inside the 256 MiB the container leaves beyond the heap.
 */
const REQUEST_PATH_SEMI_SPACE_MB = 32;

/**
 * The apps given that larger young generation: the two on every request, and the two services
 * that allocate most per request in `pnpm bench soak` (60 s, 64 connections, V8's 16 MiB): content
 * (every read, search and write; its event loop the busiest of the stack, 96–98 % busy, so each
 * of its pauses stalls the most requests) ran 13.9 scavenges and 1.1 mark-compacts per 1,000 soak
 * requests, 4.8 % of the soak in GC; collaboration (comments, a fifth of the requests) 9.4 and
 * 0.8, with 9 pauses over 100 ms in a minute.
 */
const LARGER_YOUNG_GENERATION = new Set([GATEWAY.name, 'identity', 'content', 'collaboration']);

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
  const budget = large ? { heapMb: 768, containerMb: 1024 } : { heapMb: 512, containerMb: 768 };
  return LARGER_YOUNG_GENERATION.has(app.name) ? { ...budget, semiSpaceMb: REQUEST_PATH_SEMI_SPACE_MB } : budget;
}

/** Node's flags for the app's memory budget (heap limit, young generation), as a container is started with them. */
export function memoryFlags(app: AppSpec): string[] {
  const { heapMb, semiSpaceMb } = memoryBudget(app);
  return [`--max-old-space-size=${heapMb}`, ...(semiSpaceMb ? [`--max-semi-space-size=${semiSpaceMb}`] : [])];
}

/**
 * `memoryFlags`, but each only unless NODE_OPTIONS already sets it (the operator's choice wins), and
 * for the apps with a larger young generation its floor too (`--min-semi-space-size`, command line
 * only: Node 20 refuses it in NODE_OPTIONS). Without a floor V8 shrinks the young generation at the
 * first scavenge after a few idle seconds (it judges by the allocation rate, which the idle time
 * lowered) and grows it back only slowly: a burst after a pause ran on half of it, twice the
 * scavenges per request, each one stalling every request in flight (`pnpm bench gateway`: a
 * replica's new space fell 64 → 32 MB during its run, 7.4 scavenges per 1,000 reads against 1.2
 * for the gateway that had not idled).
 */
export function heapLimitArgs(app: AppSpec, nodeOptions: string | undefined): string[] {
  const flags = memoryFlags(app).filter((flag) => !nodeOptions?.includes(flag.slice(0, flag.indexOf('='))));
  const youngSetByOperator = nodeOptions?.includes('--max-semi-space-size') ?? false;
  return youngSetByOperator ? flags : [...flags, ...youngGenerationFloor(app)];
}

/**
 * The floor under the young generation of the apps planned with a larger one (see `heapLimitArgs`
 * for why), as a command-line flag: a container's command carries it, its NODE_OPTIONS cannot.
 */
export function youngGenerationFloor(app: AppSpec): string[] {
  const { semiSpaceMb } = memoryBudget(app);
  return semiSpaceMb ? [`--min-semi-space-size=${semiSpaceMb}`] : [];
}
