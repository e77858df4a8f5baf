import { type CounterStore, FixedWindowLimiter } from './fixed-window-limiter';

/** A compare-and-set store like a NATS KV bucket: revisions grow, stale updates fail. */
class MemoryStore implements CounterStore {
  private readonly entries = new Map<string, { revision: number; value: string }>();
  private revision = 0;
  create(key: string, data: string): Promise<number> {
    if (this.entries.has(key)) return Promise.reject(new Error('wrong last sequence'));
    this.entries.set(key, { revision: ++this.revision, value: data });
    return Promise.resolve(this.revision);
  }
  get(key: string) {
    const entry = this.entries.get(key);
    return Promise.resolve(entry ? { revision: entry.revision, operation: 'PUT', string: () => entry.value } : null);
  }
  update(key: string, data: string, revision: number): Promise<number> {
    if (this.entries.get(key)?.revision !== revision) return Promise.reject(new Error('wrong last sequence'));
    this.entries.set(key, { revision: ++this.revision, value: data });
    return Promise.resolve(this.revision);
  }
}

describe('FixedWindowLimiter', () => {
  const start = 1_800_000_000_000;

  it('allows `limit` requests per window, refuses the next without counting it, and starts again next window', async () => {
    const store = new MemoryStore();
    const limiter = new FixedWindowLimiter(() => Promise.resolve(store), 60_000);
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push(await limiter.hit('token:a', 3, start + i));
    expect(verdicts.map((v) => [v.allowed, v.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect(verdicts[3].resetSeconds).toBe(60);
    expect((await limiter.hit('token:b', 3, start)).allowed).toBe(true);
    expect((await limiter.hit('token:a', 3, start + 60_000)).remaining).toBe(2);
  });

  it('shares the count between replicas that use one store (compare-and-set, no lost updates)', async () => {
    const store = new MemoryStore();
    const replicas = [0, 1, 2].map(() => new FixedWindowLimiter(() => Promise.resolve(store), 60_000));
    const verdicts = await Promise.all(Array.from({ length: 30 }, (_, i) => replicas[i % 3].hit('addr:1.2.3.4', 10, start)));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(10);
  });

  it('says how long until the window ends', async () => {
    const limiter = new FixedWindowLimiter(() => Promise.resolve(new MemoryStore()), 60_000);
    const windowStart = Math.floor(start / 60_000) * 60_000;
    expect((await limiter.hit('k', 5, windowStart + 45_500)).resetSeconds).toBe(15);
  });
});
