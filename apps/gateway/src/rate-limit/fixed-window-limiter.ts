/**
 * Fixed-window request counting shared by every gateway replica: one counter per key and window
 * in a NATS KV bucket, incremented with compare-and-set, so two replicas never both take the
 * last request of a window. Framework-free; the guard (rate-limit.guard.ts) drives it.
 */

/** What the limiter needs of a NATS KV bucket (`@nats-io/kv`'s KV satisfies it). */
export interface CounterStore {
  /** Fails when the key holds a value. */
  create(key: string, data: string): Promise<number>;
  get(key: string): Promise<{ revision: number; operation: string; string(): string } | null>;
  /** Fails unless the key is still at `revision`. */
  update(key: string, data: string, revision: number): Promise<number>;
}

export interface Verdict {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window ends and the count starts again. */
  resetSeconds: number;
}

/** Compare-and-set attempts before giving up on one hit (only under heavy contention of one key). */
const MAX_ATTEMPTS = 8;

export class FixedWindowLimiter {
  /** Last revision and count seen per counter key: the common case is one `update`, no `get`. */
  private readonly seen = new Map<string, { revision: number; count: number }>();
  private seenWindow = -1;
  /** Hits of one key in this replica run one after another, so they never race each other's compare-and-set. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly store: () => Promise<CounterStore>,
    private readonly windowMs: number,
  ) {}

  /** Counts one request of `key` against `limit` per window; a refused request is not counted. */
  hit(key: string, limit: number, now = Date.now()): Promise<Verdict> {
    const previous = this.queues.get(key) ?? Promise.resolve();
    const next = previous.then(
      () => this.count(key, limit, now),
      () => this.count(key, limit, now),
    );
    this.queues.set(key, next);
    void next
      .finally(() => {
        if (this.queues.get(key) === next) this.queues.delete(key);
      })
      .catch(() => undefined);
    return next;
  }

  private async count(key: string, limit: number, now: number): Promise<Verdict> {
    const window = Math.floor(now / this.windowMs);
    if (window !== this.seenWindow) {
      // Counters of past windows are never read again: forget them (the bucket's TTL removes them).
      this.seen.clear();
      this.seenWindow = window;
    }
    const resetSeconds = Math.max(1, Math.ceil(((window + 1) * this.windowMs - now) / 1000));
    const counterKey = `${key}.${window}`;
    const store = await this.store();
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const known = this.seen.get(counterKey) ?? (await this.read(store, counterKey));
      if (known && known.count >= limit) return { allowed: false, limit, remaining: 0, resetSeconds };
      const count = (known?.count ?? 0) + 1;
      try {
        const revision = known
          ? await store.update(counterKey, String(count), known.revision)
          : await store.create(counterKey, String(count));
        this.seen.set(counterKey, { revision, count });
        return { allowed: true, limit, remaining: limit - count, resetSeconds };
      } catch {
        // Another replica (or request) counted meanwhile: read the counter again.
        this.seen.delete(counterKey);
        const fresh = await this.read(store, counterKey);
        if (fresh) this.seen.set(counterKey, fresh);
      }
    }
    throw new Error(`rate-limit counter ${key} too contended`);
  }

  private async read(store: CounterStore, key: string): Promise<{ revision: number; count: number } | undefined> {
    const entry = await store.get(key);
    if (!entry || entry.operation !== 'PUT') return undefined;
    return { revision: entry.revision, count: Number(entry.string()) || 0 };
  }
}
