import type { DataSource } from 'typeorm';
import type { JetStreamBus } from './jetstream-bus';
import { OutboxRelay } from './outbox';

interface Row {
  id: string;
  type: string;
  payload: unknown;
  created_at: Date;
}

/**
 * A data source whose outbox answers the given batches, one per read, then nothing; records the
 * ids each delete names. `failOn`: the id whose publish fails.
 */
function relayOver(batches: Row[][], failOn?: string) {
  const published: string[] = [];
  const deleted: string[][] = [];
  let reads = 0;
  const dataSource = {
    query: (sql: string, params: unknown[]) => {
      if (sql.startsWith('DELETE')) return Promise.resolve(void deleted.push(params[0] as string[]));
      reads++;
      return Promise.resolve(batches.shift() ?? []);
    },
  } as unknown as DataSource;
  const publish = (name: string, id: string) =>
    id === failOn ? Promise.reject(new Error('no ack')) : Promise.resolve(void published.push(`${name}:${id}`));
  const bus = {
    publishEvent: (type: string, _payload: unknown, id: string) => publish(type, id),
    enqueueJob: (type: string, _payload: unknown, id: string) => publish(`job ${type}`, id),
  } as unknown as JetStreamBus;
  return { relay: new OutboxRelay(dataSource, bus, 'postgres://unused'), published, deleted, reads: () => reads };
}

const row = (id: string, at: number, type = 'events.test.happened'): Row => ({ id, type, payload: {}, created_at: new Date(at) });

describe('OutboxRelay', () => {
  it('publishes a batch in the order read, deletes what it published, and stops after a short batch without another read', async () => {
    const { relay, published, deleted, reads } = relayOver([[row('c', 1), row('a', 2), row('b', 2), row('j', 3, 'jobs.test.job')]]);
    await relay.flush();
    expect(published).toEqual(['events.test.happened:c', 'events.test.happened:a', 'events.test.happened:b', 'job test.job:j']);
    expect(deleted).toEqual([['c', 'a', 'b', 'j']]);
    expect(reads()).toBe(1);
  });

  it('reads again after a full batch', async () => {
    const full = Array.from({ length: 100 }, (_, i) => row(`r${String(i).padStart(3, '0')}`, 1));
    const { relay, published, deleted, reads } = relayOver([full, [row('last', 2)]]);
    await relay.flush();
    expect(published).toHaveLength(101);
    expect(published[100]).toBe('events.test.happened:last');
    expect(deleted.map((ids) => ids.length)).toEqual([100, 1]);
    expect(reads()).toBe(2);
  });

  it('keeps the row whose publish failed and the rows after it, deleting only those published', async () => {
    const { relay, published, deleted } = relayOver([[row('a', 1), row('b', 2), row('c', 3)]], 'b');
    await relay.flush();
    expect(published).toEqual(['events.test.happened:a']);
    expect(deleted).toEqual([['a']]);
  });
});
