import { performance } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * How long the thread waits before it looks again whether its young generation was given back, and
 * how many times it collects at most. V8 gives the young generation back at a full collection only
 * if the thread allocated little in the 5 s before it; each try is a full collection of the
 * thread's heap (six of them took the idle process to 2.17 % of a core in its first minute, against
 * 0.27 % settled).
 */
const RETRY_MS = 5_000;
const COLLECTIONS = 3;
/** Below this share of the last interval spent running, the thread is idle: a collection then shrinks. */
const IDLE_UTILISATION = 0.05;
/** V8's young generation once given back: its initial 1 MB, or near it. */
const SHRUNK_BYTES = 2 * 1024 * 1024;
/**
 * Given back: V8 shrinks the young generation to twice what is live in it (the requests a thread
 * has in flight, its timers' objects), so a thread that serves does not reach 1 MB; a quarter of
 * what the startup grew is far below the 16–128 MB limits (apps-thread.ts) and far above that.
 */
const GIVEN_BACK_SHARE = 0.25;

/**
 * A full collection of this thread's heap once every app of the process serves (main.ts), then
 * more while the thread idles until V8 gives back the young generation the startup grew; resolves
 * with the number of collections made. Starting the apps leaves tens of MB of garbage (modules'
 * loading, Nest's scanning, each app's migrations check) that V8 otherwise keeps resident until its
 * memory reducer runs, a minute or more later (measured: the process at 455 MB 80 s after its start
 * without it, 427 MB with it; ~410 MB either way once settled).
 *
 * The startup also grows each thread's young generation to its limit (apps-thread.ts sizes them
 * for load). V8 shrinks it back at a collection only if the allocation rate since the previous one
 * was low, which the first collection, right after the startup, may not see. So the thread
 * collects again every few seconds while it idles, until its young generation is given back or it
 * is given up on; a thread under load (a test suite from the start) is not collected again: it
 * needs its young generation. Once given back, no more: each collection marks every live object of
 * the thread's apps (the services thread collected three times while its young generation, given
 * back at the first, held 4–7 MB, above the 1 MB the check then waited for).
 */
export function collectStartupGarbage(retryMs = RETRY_MS): Promise<number> {
  // `gc` exists only with --expose-gc; set now, it is given to contexts made afterwards.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const grown = youngGenerationBytes();
  const givenBack = (): boolean => youngGenerationBytes() <= Math.max(SHRUNK_BYTES, grown * GIVEN_BACK_SHARE);
  gc();
  let collections = 1;
  let since = performance.eventLoopUtilization();
  return new Promise<number>((resolve) => {
    const again = (): void => {
      const busy = performance.eventLoopUtilization(since).utilization;
      if (busy < IDLE_UTILISATION) {
        gc();
        collections++;
      }
      since = performance.eventLoopUtilization();
      next();
    };
    const next = (): void => {
      if (givenBack() || collections >= COLLECTIONS) resolve(collections);
      else setTimeout(again, retryMs).unref();
    };
    next();
  });
}
function youngGenerationBytes(): number {
  return getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
}
