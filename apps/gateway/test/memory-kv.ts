import type { KeyValueStore } from '../src/idempotency/idempotency-ledger';

/** An in-memory bucket with the KV semantics the ledger relies on (create fails on a live key, update is compare-and-set). */
export class MemoryKv implements KeyValueStore {
  private readonly entries = new Map<string, { revision: number; operation: string; data: string }>();
  private revision = 0;
  create(key: string, data: string): Promise<number> {
    if (this.entries.get(key)?.operation === 'PUT') return Promise.reject(new Error('wrong last sequence'));
    return Promise.resolve(this.write(key, data, 'PUT'));
  }
  get(key: string) {
    const entry = this.entries.get(key);
    return Promise.resolve(entry ? { revision: entry.revision, operation: entry.operation, string: () => entry.data } : null);
  }
  update(key: string, data: string, revision: number): Promise<number> {
    if (this.entries.get(key)?.revision !== revision) return Promise.reject(new Error('wrong last sequence'));
    return Promise.resolve(this.write(key, data, 'PUT'));
  }
  put(key: string, data: string): Promise<number> {
    return Promise.resolve(this.write(key, data, 'PUT'));
  }
  delete(key: string): Promise<void> {
    this.write(key, '', 'DEL');
    return Promise.resolve();
  }
  private write(key: string, data: string, operation: string): number {
    this.entries.set(key, { revision: ++this.revision, operation, data });
    return this.revision;
  }
}
