import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { osThreadId } from './os-thread';

// Linux only (`/proc/thread-self`): the test suites run there.
describe('osThreadId', () => {
  it("is the process id on the main thread, as the system numbers a process's first thread", () => {
    expect(osThreadId()).toBe(process.pid);
  });

  it("names a worker thread by its own id: another task of this process than the main thread's", async () => {
    // The built module (`pnpm build` first, as apps-thread.spec.ts): a worker thread loads JavaScript.
    const built = join(__dirname, '..', 'dist', 'os-thread.js');
    const worker = new Worker(`require('node:worker_threads').parentPort.postMessage(require(${JSON.stringify(built)}).osThreadId());`, {
      eval: true,
    });
    const tid = await new Promise<number>((resolve) => worker.once('message', resolve));
    // Read while the worker still runs: its task ends with it.
    const tasks = readdirSync(`/proc/${process.pid}/task`);
    await worker.terminate();
    expect(tid).not.toBe(process.pid);
    expect(tasks).toContain(String(tid));
  });
});
