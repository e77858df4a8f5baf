import { isWrongLastSequence, StreamPublisher } from '@bindery/platform';
import type { KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import type { CounterStore } from './fixed-window-limiter';

/**
 * The limiter's counters in a NATS KV bucket, written as `KV.create`/`KV.update` write them (a
 * publish to `$KV.<bucket>.<key>` that the stream stores only if the key's last revision is the
 * one expected) but through a StreamPublisher: `js.publish` builds a RequestError with a captured
 * stack, a timer and a random token per ack, one per counter pushed. Reads (`get`, only after a
 * lost compare-and-set) stay the bucket's own.
 *
 * The subject is the bucket's own for a JetStream without a domain or API prefix, which is how
 * the gateway connects (one NATS account, the default `$JS.API`).
 */
export class KvCounterStore implements CounterStore {
  private readonly publisher: StreamPublisher;

  constructor(
    nc: NatsConnection,
    private readonly bucketName: string,
    private readonly bucket: KV,
    timeoutMs: number,
  ) {
    this.publisher = new StreamPublisher(nc, timeoutMs);
  }

  /**
   * Writes the key's first value. As `KV.create`: a key whose last entry is a delete or purge
   * marker counts as absent, and is written over that marker's revision.
   */
  async create(key: string, data: string): Promise<number> {
    try {
      return await this.put(key, data, 0);
    } catch (error) {
      if (!isWrongLastSequence(error)) throw error;
      const entry = await this.bucket.get(key);
      if (entry?.operation === 'DEL' || entry?.operation === 'PURGE') return this.put(key, data, entry.revision);
      throw error;
    }
  }

  get(key: string): ReturnType<CounterStore['get']> {
    return this.bucket.get(key);
  }

  update(key: string, data: string, revision: number): Promise<number> {
    return this.put(key, data, revision);
  }

  private async put(key: string, data: string, lastRevision: number): Promise<number> {
    const ack = await this.publisher.publishIfLast(`$KV.${this.bucketName}.${key}`, data, lastRevision);
    return ack.seq;
  }
}
