import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { osThreadId } from './os-thread';

// The built module (`pnpm build` first, as apps-thread.spec.ts): a worker thread loads JavaScript.
const BUILT = join(__dirname, '..', 'dist', 'os-thread.js');

// Linux only (`/proc/thread-self`): the test suites run there.
describe('osThreadId', () => {
  it("is the process id on the main thread, as the system numbers a process's first thread", () => {
    expect(osThreadId()).toBe(process.pid);
  });

  it("names a worker thread by its own id: another task of this process than the main thread's", async () => {
    const worker = new Worker(`require('node:worker_threads').parentPort.postMessage(require(${JSON.stringify(BUILT)}).osThreadId());`, {
      eval: true,
    });
    const tid = await new Promise<number>((resolve) => worker.once('message', resolve));
    // Read while the worker still runs: its task ends with it.
    const tasks = readdirSync(`/proc/${process.pid}/task`);
    await worker.terminate();
    expect(tid).not.toBe(process.pid);
    expect(tasks).toContain(String(tid));
  });

  it('names a worker thread for the system (its comm), cut to the 15 bytes Linux keeps, leaving the main thread as it was', async () => {
    const before = readFileSync(`/proc/${process.pid}/task/${process.pid}/comm`, 'utf8');
    const worker = new Worker(
      `const { nameOsThread, osThreadId } = require(${JSON.stringify(BUILT)});
       nameOsThread('services-and-more');
       require('node:worker_threads').parentPort.postMessage(osThreadId());
       setInterval(() => undefined, 1000);`,
      { eval: true },
    );
    const tid = await new Promise<number>((resolve) => worker.once('message', resolve));
    // Read while the worker still runs: its task ends with it.
    const name = readFileSync(`/proc/${process.pid}/task/${tid}/comm`, 'utf8');
    await worker.terminate();
    expect(name).toBe('services-and-mo\n');
    expect(readFileSync(`/proc/${process.pid}/task/${process.pid}/comm`, 'utf8')).toBe(before);
  });
});
