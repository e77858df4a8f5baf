import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { growHeapsFurtherBetweenFullCollections, HEAP_GROWING_PERCENT } from './heap-growing';

/**
 * A thread as a serving thread of the all-in-one process is: ~30 MB of live data (its apps' caches
 * and modules), and objects that live long enough to be promoted, then die (requests in flight
 * across scavenges). It reports how many full collections (mark-compacts) it ran.
 */
const THREAD = `
const { parentPort } = require('node:worker_threads');
const { PerformanceObserver, constants } = require('node:perf_hooks');
let full = 0;
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (entry.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) full++;
});
observer.observe({ entryTypes: ['gc'] });
const live = Array.from({ length: 100 }, (_, i) => Array.from({ length: 10000 }, (_, j) => ({ i, j })));
const inFlight = new Array(100);
for (let i = 0; i < 3000; i++) inFlight[i % inFlight.length] = Array.from({ length: 2000 }, (_, j) => ({ i, j }));
// The observer's entries arrive on a later turn of the loop.
setTimeout(() => {
  observer.disconnect();
  parentPort.postMessage({ full, live: live.length });
}, 10);
`;

function fullCollectionsOfThread(): Promise<number> {
  const thread = new Worker(THREAD, { eval: true, resourceLimits: { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 16 } });
  return new Promise<number>((resolve, reject) => {
    thread.once('message', ({ full }: { full: number }) => void thread.terminate().then(() => resolve(full)));
    thread.once('error', reject);
  });
}

describe('growHeapsFurtherBetweenFullCollections', () => {
  afterAll(() => setFlagsFromString('--heap-growing-percent=0'));

  it(`lets a thread's old generation grow by ${HEAP_GROWING_PERCENT} % of what is live before it marks it again`, async () => {
    // V8's smallest factor (1.1), which it chose near to in the all-in-one's serving threads under load.
    setFlagsFromString('--heap-growing-percent=10');
    const atSmallestFactor = await fullCollectionsOfThread();
    growHeapsFurtherBetweenFullCollections();
    const atOurs = await fullCollectionsOfThread();
    expect(atSmallestFactor).toBeGreaterThan(0);
    expect(atOurs).toBeLessThan(atSmallestFactor);
  }, 60_000);
});
