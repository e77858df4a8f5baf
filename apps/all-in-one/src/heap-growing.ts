import { setFlagsFromString } from 'node:v8';

/**
 * How far each thread's old generation may grow past what its last full collection kept before
 * the next one starts, in per cent of it (V8's `--heap-growing-percent`; 0 is V8's own choice).
 *
 * V8 chooses the factor from how fast it marks against how fast the program allocates, between
 * 1.1 and 4. In the all-in-one process its concurrent marking looks fast (it runs on the platform's
 * helper threads), so it chose ~1.2–1.4: in a 60 s soak (64 connections, `--trace-gc`, 2026-11-27)
 * the main thread kept ~69 MB live and marked its whole heap again every 5–9 s to free 10–28 MB,
 * 9 full collections in 50 s, each pausing every request of the gateway ~100 ms (loaded machine)
 * and each marking the live data of every app of its thread, not only the gateway's. The platform's
 * helper threads ran 5.5 s of CPU in those 50 s, about what the main thread ran.
 *
 * At 1.5 a thread's old generation may hold half its live data again in garbage before it is
 * marked: the main thread's full collections per 1,000 soak requests fell 1.2–1.7 → 0.32–0.36, for
 * at most that half in memory under load (the main thread ~35 MB). With the larger young
 * generations of apps-thread.ts the process grew +160–245 MB in 60 s soaks against +75–125 MB
 * before, inside the soak's bound each time; idle, 427 MB against 421 MB (same window).
 */
export const HEAP_GROWING_PERCENT = 50;

/**
 * Sets the factor for every heap of the process (a V8 flag is the process's: each thread's heap
 * reads it whenever a full collection sets its next limit), before any thread starts.
 */
export function growHeapsFurtherBetweenFullCollections(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
