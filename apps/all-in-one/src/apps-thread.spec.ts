import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collectProcessMetrics, ConfigError } from '@bindery/platform';
import { AppsThread, attachThread, JOBS_THREAD, SERVICES_THREAD, type ThreadApp } from './apps-thread';
import { startHealthServer } from './health-server';
import { AllInOneHost } from './host';
import { MAIN_THREAD } from './process-metrics';

// A thread of apps as the all-in-one process runs it: the built apps-thread-main.js in a real worker
// thread (`pnpm build` first), starting fake worker entries (test-fixtures/fake-worker.js) through
// the same runMain path a real worker takes. Each fake records what happens to it in a file.
const FAKE_WORKER = join(__dirname, '..', 'test-fixtures', 'fake-worker.js');

describe('AppsThread', () => {
  // The thread takes a copy of this environment when it starts: its logger stays quiet.
  beforeAll(() => {
    process.env.LOG_LEVEL ??= 'silent';
  });
  let dir: string;
  let events: string;
  /** A fake worker app: its own entry file, as each real app has (the host loads an entry file once). */
  const app = (name: string, fail?: string): ThreadApp => {
    const entryFile = join(dir, `${name}.js`);
    writeFileSync(entryFile, `require(${JSON.stringify(FAKE_WORKER)}).fakeWorker();\n`);
    return { name, entryFile, env: { FAKE_NAME: name, FAKE_EVENTS: events, ...(fail ? { FAKE_FAIL: fail } : {}) } };
  };
  const recorded = (): string[] => readFileSync(events, 'utf8').trim().split('\n');

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'jobs-thread-'));
    events = join(dir, 'events');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('starts every app in the thread and reports each up', async () => {
    const crashes: Error[] = [];
    const thread = new AppsThread(JOBS_THREAD, [app('first'), app('second')], (error) => crashes.push(error));
    expect(thread.states()).toEqual({ first: 'starting', second: 'starting' });
    await thread.start();
    expect(thread.states()).toEqual({ first: 'up', second: 'up' });
    expect(recorded().sort()).toEqual(['first up', 'second up']);
    await thread.stop();
    expect(crashes).toEqual([]);
  }, 30_000);

  it('stops every app, each closing what it holds, before the thread ends', async () => {
    const thread = new AppsThread(JOBS_THREAD, [app('first'), app('second')], () => undefined);
    await thread.start();
    const stopping = thread.stop();
    expect(thread.states()).toEqual({ first: 'stopping', second: 'stopping' });
    await stopping;
    const lines = recorded();
    for (const name of ['first', 'second']) {
      // Each app's closer ran to its end (its job finished) before stop() resolved.
      expect(lines.indexOf(`${name} stopping`)).toBeGreaterThan(lines.indexOf(`${name} up`));
      expect(lines.indexOf(`${name} stopped`)).toBeGreaterThan(lines.indexOf(`${name} stopping`));
    }
    expect(lines).toHaveLength(6);
  }, 30_000);

  it('rejects its start with the error of a worker that failed to start, naming it; stop then ends the others', async () => {
    const crashes: Error[] = [];
    const thread = new AppsThread(JOBS_THREAD, [app('healthy'), app('broken', 'start')], (error) => crashes.push(error));
    await expect(thread.start()).rejects.toThrow('broken: Error: cannot reach its queue');
    expect(thread.states().broken).toBe('failed');
    // What the process does next (main.ts): stop everything, this thread included.
    await thread.stop();
    expect(recorded()).toEqual(['healthy up', 'healthy stopping', 'healthy stopped']);
    // A failure before the start resolved is the start's rejection, not a crash.
    expect(crashes).toEqual([]);
  }, 30_000);

  it("names a worker's bad variable as the operator sets it in the one process", async () => {
    const thread = new AppsThread(JOBS_THREAD, [app('fake-worker', 'config')], () => undefined);
    const started = thread.start();
    await expect(started).rejects.toBeInstanceOf(ConfigError);
    await expect(started).rejects.toMatchObject({
      variables: ['DATABASE_URL'],
      message: expect.stringContaining('FAKE_WORKER_DATABASE_URL (or DATABASE_URL for every app): must be a postgres:// URL'),
    });
    await thread.stop();
  }, 30_000);

  it('reports a crash when a worker fails after the start: the thread ends and the process cannot go on', async () => {
    const crashed = new Promise<Error>((resolve) => {
      const thread = new AppsThread(JOBS_THREAD, [app('flaky', 'later')], resolve);
      void thread.start();
    });
    await expect(crashed).resolves.toThrow('the jobs thread exited with code 1');
    expect(recorded()).toEqual(['flaky up', 'flaky stopping', 'flaky stopped']);
  }, 30_000);

  it('collects its startup garbage once told that every app of the process serves, not when its own apps do', async () => {
    const thread = new AppsThread(JOBS_THREAD, [app('first')], () => undefined);
    await thread.start();
    /** Full collections the thread has run so far (its registry's `nodejs_gc_duration_seconds`, kind major). */
    const fullCollections = async (): Promise<number> => {
      const gc = (await thread.metrics()).find((metric) => metric.name === 'nodejs_gc_duration_seconds');
      // A histogram's values carry their series' name (`_count`, `_sum`, `_bucket`); the type names only the base one.
      const values = (gc?.values ?? []) as Array<{ metricName?: string; labels: Record<string, unknown>; value: number }>;
      const count = values.find((value) => value.metricName === 'nodejs_gc_duration_seconds_count' && value.labels.kind === 'major');
      return Number(count?.value ?? 0);
    };
    // Two answers in a row: any collection the start made or scheduled is counted by the second.
    await fullCollections();
    const started = await fullCollections();
    thread.settled();
    // The main thread's word starts the collection: the count grows (jest's timeout fails a thread that collected earlier).
    let now = started;
    while (now <= started) now = await fullCollections();
    expect(now).toBeGreaterThan(started);
    await thread.stop();
  }, 30_000);

  describe('threads under one host (the services thread and the jobs thread)', () => {
    const readyz = async (port: number): Promise<{ status: number; body: { status: string; apps: Record<string, string> } }> => {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      return { status: response.status, body: (await response.json()) as { status: string; apps: Record<string, string> } };
    };

    it("reports each app of every thread in /readyz: not ready until each thread's apps serve", async () => {
      const host = new AllInOneHost(() => undefined);
      const server = await startHealthServer(host, 0, '127.0.0.1');
      const port = (server.address() as { port: number }).port;
      try {
        const services = attachThread(host, SERVICES_THREAD, [app('content'), app('collaboration')]);
        const jobs = attachThread(host, JOBS_THREAD, [app('content-worker')]);
        await services.start();
        // The jobs thread not started yet: its app is still starting, so the process is not ready.
        expect(await readyz(port)).toEqual({
          status: 503,
          body: { status: 'not-ready', apps: { content: 'up', collaboration: 'up', 'content-worker': 'starting' } },
        });
        await jobs.start();
        expect(await readyz(port)).toEqual({
          status: 200,
          body: { status: 'ready', apps: { content: 'up', collaboration: 'up', 'content-worker': 'up' } },
        });
        await host.stop();
      } finally {
        server.close();
      }
    }, 30_000);

    it("serves the whole process's metrics on /metrics: every thread's registry once, each labelled with its thread", async () => {
      collectProcessMetrics('all-in-one', { thread: MAIN_THREAD });
      const host = new AllInOneHost(() => undefined);
      const server = await startHealthServer(host, 0, '127.0.0.1');
      const port = (server.address() as { port: number }).port;
      try {
        await Promise.all([
          attachThread(host, SERVICES_THREAD, [app('content')]).start(),
          attachThread(host, JOBS_THREAD, [app('content-worker')]).start(),
        ]);
        const response = await fetch(`http://127.0.0.1:${port}/metrics`);
        expect(response.status).toBe(200);
        const lines = (await response.text()).split('\n');
        const heap = lines.filter((line) => line.startsWith('nodejs_heap_size_used_bytes{'));
        for (const thread of ['main', 'services', 'jobs']) {
          expect(heap.filter((line) => line.includes(`thread="${thread}"`) && line.includes('service="all-in-one"'))).toHaveLength(1);
        }
        // One HELP and TYPE per metric name, however many threads have its series (the text format's rule).
        const helps = lines.filter((line) => line.startsWith('# HELP '));
        expect(new Set(helps).size).toBe(helps.length);
        await host.stop();
      } finally {
        server.close();
      }
    }, 30_000);

    it('stops every thread cleanly: each app closes what it holds before the host is stopped', async () => {
      const host = new AllInOneHost(() => undefined);
      const threads = [
        attachThread(host, SERVICES_THREAD, [app('content')]),
        attachThread(host, JOBS_THREAD, [app('content-worker'), app('git-sync-worker')]),
      ];
      await Promise.all(threads.map((thread) => thread.start()));
      await host.stop();
      expect(host.states()).toEqual({ content: 'stopping', 'content-worker': 'stopping', 'git-sync-worker': 'stopping' });
      const lines = recorded();
      for (const name of ['content', 'content-worker', 'git-sync-worker']) {
        expect(lines.indexOf(`${name} stopped`)).toBeGreaterThan(lines.indexOf(`${name} stopping`));
      }
      expect(lines).toHaveLength(9);
    }, 30_000);

    it("fails the process when an app fails in one thread after the start: the other threads' apps are stopped first", async () => {
      let exit: (code: number) => void = () => undefined;
      const exited = new Promise<number>((resolve) => (exit = resolve));
      const host = new AllInOneHost((code) => exit(code));
      await attachThread(host, JOBS_THREAD, [app('content-worker')]).start();
      void attachThread(host, SERVICES_THREAD, [app('content', 'later')])
        .start()
        .catch(() => undefined);
      expect(await exited).toBe(1);
      const lines = recorded();
      // The healthy thread's app was stopped (its job finished) before the process exits.
      expect(lines).toEqual(expect.arrayContaining(['content-worker up', 'content-worker stopping', 'content-worker stopped']));
      expect(lines.indexOf('content-worker stopped')).toBeGreaterThan(lines.indexOf('content-worker stopping'));
    }, 30_000);
  });
});
