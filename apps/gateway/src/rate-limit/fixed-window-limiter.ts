/**
 * Fixed-window request counting shared by every gateway replica, at no store round trip per
 * request: each replica counts in memory and pushes what it counted to one counter per key and
 * window in a NATS KV bucket once per sync interval (or sooner when `flushAfter` hits are
 * waiting), adding with compare-and-set so no replica's hits are lost. Replicas learn the others'
 * totals from a watch on the bucket (`observe`), so a client over its limit across all replicas
 * is refused within about one interval. Framework-free; the guard (rate-limit.guard.ts) drives it.
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

export interface LimiterOptions {
  windowMs: number;
  /** How often counted hits are pushed to the store. */
  syncIntervalMs: number;
  /** Push at once when this many hits wait, whatever the interval. */
  flushAfter: number;
  /** Called when a push fails (the hits are kept and pushed with the next one). */
  onError?: (error: unknown) => void;
  now?: () => number;
}

/** Compare-and-set attempts per counter and push (only under heavy contention of one key). */
const MAX_ATTEMPTS = 8;

interface Counter {
  /** The store's total as last seen (pushed by us or observed from any replica). */
  shared: number;
  /** Revision of the store entry behind `shared`, for the next compare-and-set. */
  revision?: number;
  /** Hits counted here and not yet in the store (including those being pushed). */
  pending: number;
}

export class FixedWindowLimiter {
  /** This window's counters by client key (the store's key adds the window: `<key>.<window>`). */
  private counters = new Map<string, Counter>();
  private window = -1;
  private lastHitAt = 0;
  private waiting = 0;
  private timer?: NodeJS.Timeout;
  private flushing?: Promise<void>;
  private readonly now: () => number;

  constructor(
    private readonly store: () => Promise<CounterStore>,
    private readonly options: LimiterOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Counts one request of `key` against `limit` per window; a refused request is not counted. No I/O. */
  hit(key: string, limit: number): Verdict {
    const remaining = this.count(key, limit);
    return { allowed: remaining >= 0, limit, remaining: Math.max(0, remaining), resetSeconds: this.resetSeconds() };
  }

  /**
   * `hit` without a verdict object, for the guard's per-request path: the requests `key` has left
   * after this one, or -1 when this one is refused (and not counted). No I/O, no allocation once
   * the key has a counter in this window.
   */
  count(key: string, limit: number): number {
    const now = this.now();
    this.enterWindow(now);
    this.lastHitAt = now;
    // Keyed by the client alone: no string built per request (the window is the map's).
    let counter = this.counters.get(key);
    if (!counter) this.counters.set(key, (counter = { shared: 0, pending: 0 }));
    const used = counter.shared + counter.pending;
    if (used >= limit) return -1;
    counter.pending++;
    this.waiting++;
    this.schedule();
    return limit - used - 1;
  }

  /** Seconds until the window of the last hit ends and the count starts again (at least 1). */
  resetSeconds(): number {
    return Math.max(1, Math.ceil(((this.window + 1) * this.options.windowMs - this.lastHitAt) / 1000));
  }

  /** A counter's value in the store, as a watch on it reports (any replica's push, ours included). */
  observe(counterKey: string, revision: number, value: string): void {
    const dot = counterKey.lastIndexOf('.');
    if (Number(counterKey.slice(dot + 1)) !== this.enterWindow(this.now())) return;
    const key = counterKey.slice(0, dot);
    const total = Number(value) || 0;
    const counter = this.counters.get(key);
    if (!counter) this.counters.set(key, { shared: total, revision, pending: 0 });
    else if (total >= counter.shared) {
      counter.shared = total;
      counter.revision = revision;
    }
  }

  /** Pushes every waiting hit now (also what the timer does); resolves when the push is done. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.flushing ??= this.push().finally(() => {
      this.flushing = undefined;
      if (this.waiting > 0) this.schedule();
    });
    return this.flushing;
  }

  /** Stops the timer (at shutdown); waiting hits are dropped, as a restarted replica's would be. */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    if (this.flushing) return;
    if (this.waiting >= this.options.flushAfter) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.options.syncIntervalMs);
      this.timer.unref();
    }
  }

  private enterWindow(now: number): number {
    const window = Math.floor(now / this.options.windowMs);
    if (window !== this.window) {
      // Counters of past windows are never read again (the bucket's TTL removes them from the store).
      this.window = window;
      this.counters = new Map();
      this.waiting = 0;
    }
    return window;
  }

  private async push(): Promise<void> {
    const counters = this.counters;
    const window = this.window;
    const batch = [...counters].filter(([, counter]) => counter.pending > 0);
    const hits = this.waiting;
    this.waiting = 0;
    let store: CounterStore;
    try {
      store = await this.store();
    } catch (error) {
      this.keepWaiting(counters, hits);
      return this.options.onError?.(error);
    }
    await Promise.all(
      batch.map(async ([key, counter]) => {
        const delta = counter.pending;
        try {
          await this.add(store, `${key}.${window}`, counter, delta);
          counter.pending -= delta;
        } catch (error) {
          this.keepWaiting(counters, delta);
          this.options.onError?.(error);
        }
      }),
    );
  }

  /** Adds `delta` to the store's counter with compare-and-set; `counter` learns the new total. */
  private async add(store: CounterStore, counterKey: string, counter: Counter, delta: number): Promise<void> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      try {
        const base = counter.revision === undefined ? 0 : counter.shared;
        const total = base + delta;
        const revision =
          counter.revision === undefined
            ? await store.create(counterKey, String(total))
            : await store.update(counterKey, String(total), counter.revision);
        if (total >= counter.shared) Object.assign(counter, { shared: total, revision });
        return;
      } catch {
        // Another replica pushed meanwhile: read its total and add ours to it.
        const entry = await store.get(counterKey);
        if (entry && entry.operation === 'PUT') {
          counter.shared = Number(entry.string()) || 0;
          counter.revision = entry.revision;
        } else counter.revision = undefined;
      }
    }
    throw new Error(`rate-limit counter ${counterKey} too contended`);
  }

  /** Hits of a failed push stay counted here and go with the next one (unless the window moved on). */
  private keepWaiting(counters: Map<string, Counter>, hits: number): void {
    if (counters === this.counters) this.waiting += hits;
  }
}
