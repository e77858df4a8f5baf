import { performance } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * How long the thread waits, idle, before a full collection, and how many times it tries at most.
 * V8 gives the young generation back at a full collection only if the thread allocated little
 * since the collection before (over its allocation-rate window, 5 s: the wait is longer, as its
 * samples are taken when collections start and end, not when the timer fires); each try is a full
 * collection of the thread's heap (six of them took the idle process to 2.17 % of a core in its
 * first minute, against 0.27 % settled).
 */
const RETRY_MS = 6_000;
const ATTEMPTS = 3;
/** Below this share of the last interval spent running, the thread is idle: a collection then shrinks. */
const IDLE_UTILISATION = 0.05;
/** V8's young generation once given back: its initial 1 MB, or near it. */
const SHRUNK_BYTES = 2 * 1024 * 1024;
/**
 * Given back: V8 shrinks the young generation to twice what is live in it, so a thread holding
 * young objects then stays above 1 MB; a quarter of what the startup grew is far below the 16–128 MB
 * limits (apps-thread.ts).
 */
const GIVEN_BACK_SHARE = 0.25;

type Gc = (options?: { type: 'minor' | 'major' }) => void;

/**
 * Once every app of the process serves (main.ts), a full collection of this thread's heap as soon
 * as it has idled a few seconds, again if that did not give back the young generation the startup
 * grew; resolves with the number of full collections made. Starting the apps leaves tens of MB of
 * garbage (modules' loading, Nest's scanning, each app's migrations check) that V8 otherwise keeps
 * resident until its memory reducer runs, a minute or more later (measured: the process at 455 MB
 * 80 s after its start without it, 427 MB with it; ~410 MB either way once settled).
 *
 * The startup also grows each thread's young generation to its limit (apps-thread.ts sizes them
 * for load). V8 shrinks it back at a full collection only if the thread allocated little since the
 * collection before, which a collection right after the startup never sees (the last one was
 * during it): the threads then collected two or three times, 5 s apart, each a full marking of
 * every live object of their apps. So a scavenge now (cheap: it copies only what is young and live)
 * starts V8's measure after the startup, and the full collection, one idle interval later, finds
 * the rate low and gives the young generation back at once. A thread under load (a test suite from
 * the start) is not collected: it needs its young generation.
 */
export function collectStartupGarbage(retryMs = RETRY_MS): Promise<number> {
  // `gc` exists only with --expose-gc; set now, it is given to contexts made afterwards.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as Gc;
  const grown = youngGenerationBytes();
  const givenBack = (): boolean => youngGenerationBytes() <= Math.max(SHRUNK_BYTES, grown * GIVEN_BACK_SHARE);
  gc({ type: 'minor' });
  let collections = 0;
  let attempts = 0;
  let since = performance.eventLoopUtilization();
  return new Promise<number>((resolve) => {
    const attempt = (): void => {
      attempts++;
      if (performance.eventLoopUtilization(since).utilization < IDLE_UTILISATION) {
        gc();
        collections++;
      }
      since = performance.eventLoopUtilization();
      if ((collections > 0 && givenBack()) || attempts >= ATTEMPTS) resolve(collections);
      else setTimeout(attempt, retryMs).unref();
    };
    setTimeout(attempt, retryMs).unref();
  });
}

function youngGenerationBytes(): number {
  return getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
}
