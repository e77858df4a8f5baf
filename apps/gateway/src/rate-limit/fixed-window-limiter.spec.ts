import { type CounterStore, FixedWindowLimiter } from './fixed-window-limiter';

/** A compare-and-set store like a NATS KV bucket (revisions grow, stale updates fail), counting its calls. */
class MemoryStore implements CounterStore {
  readonly entries = new Map<string, { revision: number; value: string }>();
  calls = 0;
  failing = false;
  private revision = 0;
  /** Each accepted write, as a bucket watch would deliver it to every replica. */
  private readonly watchers: Array<(key: string, revision: number, value: string) => void> = [];
  watch(watcher: (key: string, revision: number, value: string) => void): void {
    this.watchers.push(watcher);
  }
  create(key: string, data: string): Promise<number> {
    this.calls++;
    if (this.failing) return Promise.reject(new Error('no responders'));
    if (this.entries.has(key)) return Promise.reject(new Error('wrong last sequence'));
    return Promise.resolve(this.write(key, data));
  }
  get(key: string) {
    this.calls++;
    const entry = this.entries.get(key);
    return Promise.resolve(entry ? { revision: entry.revision, operation: 'PUT', string: () => entry.value } : null);
  }
  update(key: string, data: string, revision: number): Promise<number> {
    this.calls++;
    if (this.failing) return Promise.reject(new Error('no responders'));
    if (this.entries.get(key)?.revision !== revision) return Promise.reject(new Error('wrong last sequence'));
    return Promise.resolve(this.write(key, data));
  }
  total(prefix: string): number {
    const entry = [...this.entries].find(([key]) => key.startsWith(prefix));
    return Number(entry?.[1].value ?? 0);
  }
  private write(key: string, data: string): number {
    this.entries.set(key, { revision: ++this.revision, value: data });
    for (const watcher of this.watchers) watcher(key, this.revision, data);
    return this.revision;
  }
}

const WINDOW_MS = 60_000;
const SYNC_MS = 100;
/** A window boundary, so a test's few seconds never straddle two windows. */
const START = Math.ceil(1_800_000_000_000 / WINDOW_MS) * WINDOW_MS;

function replica(store: MemoryStore, flushAfter = 1000): FixedWindowLimiter {
  const limiter = new FixedWindowLimiter(() => Promise.resolve(store), { windowMs: WINDOW_MS, syncIntervalMs: SYNC_MS, flushAfter });
  store.watch((key, revision, value) => limiter.observe(key, revision, value));
  return limiter;
}

/** Lets the fake clock run one sync interval and the pushes it starts settle. */
async function oneInterval(): Promise<void> {
  await jest.advanceTimersByTimeAsync(SYNC_MS);
}

describe('FixedWindowLimiter', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: START });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it("counts without a verdict object (the guard's path): requests left, -1 once refused, and the window's reset", async () => {
    const limiter = replica(new MemoryStore());
    expect(Array.from({ length: 4 }, () => limiter.count('token:a', 3))).toEqual([2, 1, 0, -1]);
    expect(limiter.resetSeconds()).toBe(60);
    await jest.advanceTimersByTimeAsync(59_500);
    expect(limiter.count('token:a', 3)).toBe(-1);
    expect(limiter.resetSeconds()).toBe(1);
    await jest.advanceTimersByTimeAsync(500);
    expect(limiter.count('token:a', 3)).toBe(2);
  });

  it('allows `limit` requests per window, refuses the next without counting it, and starts again next window', async () => {
    const limiter = replica(new MemoryStore());
    const verdicts = Array.from({ length: 4 }, () => limiter.hit('token:a', 3));
    expect(verdicts.map((v) => [v.allowed, v.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect(verdicts[3].resetSeconds).toBe(60);
    expect(limiter.hit('token:b', 3).allowed).toBe(true);
    await jest.advanceTimersByTimeAsync(WINDOW_MS);
    expect(limiter.hit('token:a', 3).remaining).toBe(2);
  });

  it('says how long until the window ends', async () => {
    const limiter = replica(new MemoryStore());
    await jest.advanceTimersByTimeAsync(45_500);
    expect(limiter.hit('k', 5).resetSeconds).toBe(15);
  });

  it('touches the store once per counter and interval, not once per request', async () => {
    const store = new MemoryStore();
    const limiter = replica(store);
    for (let i = 0; i < 500; i++) limiter.hit('token:a', 10_000);
    expect(store.calls).toBe(0);
    await oneInterval();
    expect(store.calls).toBe(1);
    expect(store.total('token:a.')).toBe(500);
    for (let i = 0; i < 500; i++) limiter.hit('token:a', 10_000);
    await oneInterval();
    expect(store.calls).toBe(2);
    expect(store.total('token:a.')).toBe(1000);
    await oneInterval();
    expect(store.calls).toBe(2);
  });

  it('pushes before the interval ends once `flushAfter` hits wait', async () => {
    const store = new MemoryStore();
    const limiter = replica(store, 50);
    for (let i = 0; i < 50; i++) limiter.hit('token:a', 10_000);
    await jest.advanceTimersByTimeAsync(0);
    expect(store.total('token:a.')).toBe(50);
  });

  it('refuses a client over its limit across replicas within one interval', async () => {
    const store = new MemoryStore();
    const [a, b] = [replica(store), replica(store)];
    for (let i = 0; i < 10; i++) expect(a.hit('token:x', 10).allowed).toBe(true);
    expect(a.hit('token:x', 10).allowed).toBe(false);
    await oneInterval();
    const refused = b.hit('token:x', 10);
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
  });

  it('adds every replica’s hits to the shared total (compare-and-set, no lost updates)', async () => {
    const store = new MemoryStore();
    const replicas = [replica(store), replica(store), replica(store)];
    // Each replica counts 4 in the same interval, before seeing the others: all push at once.
    for (const limiter of replicas) for (let i = 0; i < 4; i++) limiter.hit('addr:1', 100);
    await oneInterval();
    expect(store.total('addr:1.')).toBe(12);
    expect(replicas.map((limiter) => limiter.hit('addr:1', 100).remaining)).toEqual([87, 87, 87]);
  });

  it('keeps the hits of a failed push and pushes them with the next one', async () => {
    const store = new MemoryStore();
    const errors: unknown[] = [];
    const limiter = new FixedWindowLimiter(() => Promise.resolve(store), {
      windowMs: WINDOW_MS,
      syncIntervalMs: SYNC_MS,
      flushAfter: 1000,
      onError: (error) => errors.push(error),
    });
    store.failing = true;
    for (let i = 0; i < 3; i++) limiter.hit('token:a', 100);
    await oneInterval();
    expect(errors).toHaveLength(1);
    store.failing = false;
    limiter.hit('token:a', 100);
    await oneInterval();
    expect(store.total('token:a.')).toBe(4);
  });

  it('counts alone, in memory, while the store cannot be reached', async () => {
    const limiter = new FixedWindowLimiter(() => Promise.reject(new Error('no JetStream')), {
      windowMs: WINDOW_MS,
      syncIntervalMs: SYNC_MS,
      flushAfter: 1000,
      onError: () => undefined,
    });
    for (let i = 0; i < 2; i++) expect(limiter.hit('token:a', 2).allowed).toBe(true);
    await oneInterval();
    expect(limiter.hit('token:a', 2).allowed).toBe(false);
  });
});
