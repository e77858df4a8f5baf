import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { letThreadsSizeTheirYoungGeneration } from './thread-young-generation';

/** A thread that keeps a ring of live objects while it allocates (requests in flight), then reports its young generation's size. */
const THREAD = `
const { parentPort } = require('node:worker_threads');
const { getHeapSpaceStatistics } = require('node:v8');
const ring = new Array(20000);
for (let i = 0; i < 5e6; i++) ring[i % ring.length] = { i, pair: [i, i] };
parentPort.postMessage(getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size);
`;

function youngGenerationOfThread(maxYoungGenerationSizeMb: number): Promise<number> {
  const thread = new Worker(THREAD, { eval: true, resourceLimits: { maxYoungGenerationSizeMb } });
  return new Promise<number>((resolve, reject) => {
    thread.once('message', (bytes: number) => void thread.terminate().then(() => resolve(bytes)));
    thread.once('error', reject);
  });
}

describe('letThreadsSizeTheirYoungGeneration', () => {
  it("lets a thread keep its own young generation though the process started with the main thread's larger one", async () => {
    // As `allInOneNodeArgs` starts the process: the flag a new thread would otherwise take over its resourceLimits.
    setFlagsFromString('--max-semi-space-size=32');
    letThreadsSizeTheirYoungGeneration();
    expect(await youngGenerationOfThread(8)).toBeLessThanOrEqual(8 * 1024 * 1024);
  }, 30_000);
});
