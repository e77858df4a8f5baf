import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { SERVICES_THREAD } from './apps-thread';
import { letThreadsSizeTheirYoungGeneration } from './thread-young-generation';

/** A thread that keeps a ring of live objects while it allocates (requests in flight), then reports its young generation's size. */
const THREAD = `
const { parentPort } = require('node:worker_threads');
const { getHeapSpaceStatistics } = require('node:v8');
const { ringSize, allocations } = require('node:worker_threads').workerData;
const ring = new Array(ringSize);
for (let i = 0; i < allocations; i++) ring[i % ring.length] = { i, pair: [i, i] };
parentPort.postMessage(getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size);
`;

function youngGenerationOfThread(maxYoungGenerationSizeMb: number, ringSize = 20_000, allocations = 5e6): Promise<number> {
  const thread = new Worker(THREAD, { eval: true, workerData: { ringSize, allocations }, resourceLimits: { maxYoungGenerationSizeMb } });
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

  it('lets the services thread grow its young generation past the 64 MB that scavenged it twice as often under load', async () => {
    letThreadsSizeTheirYoungGeneration();
    // Many survivors at each scavenge (requests in flight): V8 grows the young generation to its limit.
    const limitMb = SERVICES_THREAD.youngMb ?? 0;
    const bytes = await youngGenerationOfThread(limitMb, 200_000, 2e6);
    expect(bytes).toBeGreaterThan(64 * 1024 * 1024);
    expect(bytes).toBeLessThanOrEqual(limitMb * 1024 * 1024);
  }, 60_000);
});
