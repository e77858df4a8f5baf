import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

// The built module (`pnpm build` first), in a worker thread of its own as the all-in-one threads run it.
const BUILT = join(__dirname, '..', 'dist', 'startup-garbage.js');

/**
 * A thread that grew its young generation (as the apps' startup does), then idles after
 * `collectStartupGarbage`: it reports its young generation's size until that is back near 1 MB.
 */
const THREAD = `
const { parentPort } = require('node:worker_threads');
const { getHeapSpaceStatistics } = require('node:v8');
const { collectStartupGarbage } = require(${JSON.stringify(BUILT)});
const young = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size;
let keep = [];
for (let i = 0; i < 3e6; i++) { keep.push({ i, text: 'x' + i }); if (keep.length > 20000) keep = []; }
keep = undefined;
parentPort.postMessage({ grown: young() });
collectStartupGarbage();
const watch = setInterval(() => {
  if (young() > 2 * 1024 * 1024) return;
  clearInterval(watch);
  parentPort.postMessage({ shrunk: young() });
}, 500);
`;

describe('collectStartupGarbage', () => {
  it('gives back the young generation the startup grew once the thread idles', async () => {
    const thread = new Worker(THREAD, { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 32 } });
    const messages: Array<{ grown?: number; shrunk?: number }> = [];
    await new Promise<void>((resolve, reject) => {
      thread.on('message', (message: { grown?: number; shrunk?: number }) => {
        messages.push(message);
        if (message.shrunk !== undefined) resolve();
      });
      thread.once('error', reject);
    });
    await thread.terminate();
    expect(messages[0].grown).toBeGreaterThan(8 * 1024 * 1024);
    expect(messages[1].shrunk).toBeLessThanOrEqual(2 * 1024 * 1024);
  }, 90_000);

  it('collects the whole heap once, an idle interval after the start: that collection gives the young generation back', async () => {
    // The thread grows its young generation (as the apps' startup does), then idles; its loop stays
    // alive (an app's timers), so a collection scheduled later would run and be counted.
    const thread = new Worker(
      `
      const { parentPort } = require('node:worker_threads');
      const { getHeapSpaceStatistics } = require('node:v8');
      const { collectStartupGarbage } = require(${JSON.stringify(BUILT)});
      const young = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size;
      let keep = [];
      for (let i = 0; i < 3e6; i++) { keep.push({ i, text: 'x' + i }); if (keep.length > 20000) keep = []; }
      keep = undefined;
      const grown = young();
      setInterval(() => undefined, 1000);
      collectStartupGarbage().then((collections) => parentPort.postMessage({ grown, collections, young: young() }));
      `,
      { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 32 } },
    );
    const result = await new Promise<{ grown: number; collections: number; young: number }>((resolve, reject) => {
      thread.once('message', resolve);
      thread.once('error', reject);
    });
    await thread.terminate();
    expect(result.grown).toBeGreaterThan(8 * 1024 * 1024);
    expect(result.young).toBeLessThanOrEqual(result.grown / 4);
    expect(result.collections).toBe(1);
  }, 90_000);
});
