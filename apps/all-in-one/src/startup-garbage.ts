import { performance } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * How often the thread looks again whether its young generation was given back, and how many times.
 * Twice: the main and jobs threads shrink at the first or second try; the services thread did not
 * within six, and each try is a full collection of its heap (six of them took the idle process to
 * 2.17 % of a core in its first minute, against 0.27 % settled).
 */
const RETRY_MS = 5_000;
const RETRIES = 2;
/** Below this share of the last interval spent running, the thread is idle: a collection then shrinks. */
const IDLE_UTILISATION = 0.05;
/** V8's young generation once given back: its initial 1 MB, or near it. */
const SHRUNK_BYTES = 2 * 1024 * 1024;

/**
 * A full collection of this thread's heap once its apps serve, then more while the thread idles
 * until V8 gives back the young generation the startup grew. Starting the apps leaves tens of MB
 * of garbage (modules' loading, Nest's scanning, each app's migrations check) that V8 otherwise
 * keeps resident until its memory reducer runs, a minute or more later (measured: the process at
 * 455 MB 80 s after its start without it, 427 MB with it; ~410 MB either way once settled).
 *
 * The startup also grows each thread's young generation to its limit (apps-thread.ts sizes them
 * for load). V8 shrinks it back to 1 MB at a collection only if the allocation rate since the
 * previous one was low, which the first collection, right after the startup, never sees: measured,
 * a second one 8 s later shrank the main thread's (64 → 1 MB) and the jobs thread's a third one 4 s
 * after that, the services thread's neither. So the thread collects again every few seconds while
 * it idles, until its young generation is small or it is given up on; a thread under load (a test
 * suite from the start) is not collected again: it needs its young generation.
 */
export function collectStartupGarbage(): void {
  // `gc` exists only with --expose-gc; set now, it is given to contexts made afterwards.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  let since = performance.eventLoopUtilization();
  let left = RETRIES;
  const again = (): void => {
    const busy = performance.eventLoopUtilization(since).utilization;
    if (busy < IDLE_UTILISATION) gc();
    since = performance.eventLoopUtilization();
    if (youngGenerationBytes() > SHRUNK_BYTES && --left > 0) setTimeout(again, RETRY_MS).unref();
  };
  setTimeout(again, RETRY_MS).unref();
}

function youngGenerationBytes(): number {
  return getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
}
