import type { DataSource } from 'typeorm';
import type { JetStreamBus } from './jetstream-bus';
import { OutboxRelay } from './outbox';

interface Row {
  id: string;
  type: string;
  payload: unknown;
  created_at: Date;
}

/** A data source whose outbox answers the given batches, one per transaction, then nothing. */
function relayOver(batches: Row[][]) {
  const published: string[] = [];
  let transactions = 0;
  const dataSource = {
    transaction: async <T>(work: (manager: unknown) => Promise<T>): Promise<T> => {
      transactions++;
      const rows = batches.shift() ?? [];
      return work({ query: () => Promise.resolve([rows, rows.length]) });
    },
  } as unknown as DataSource;
  const bus = {
    publishEvent: (type: string, _payload: unknown, id: string) => Promise.resolve(void published.push(`${type}:${id}`)),
    enqueueJob: (type: string, _payload: unknown, id: string) => Promise.resolve(void published.push(`job ${type}:${id}`)),
  } as unknown as JetStreamBus;
  return { relay: new OutboxRelay(dataSource, bus, 'postgres://unused'), published, transactions: () => transactions };
}

const row = (id: string, at: number, type = 'events.test.happened'): Row => ({ id, type, payload: {}, created_at: new Date(at) });

describe('OutboxRelay', () => {
  it('publishes a batch in the order the rows were written, and stops after a short batch without another transaction', async () => {
    const { relay, published, transactions } = relayOver([[row('b', 2), row('c', 1), row('a', 2), row('j', 3, 'jobs.test.job')]]);
    await relay.flush();
    expect(published).toEqual(['events.test.happened:c', 'events.test.happened:a', 'events.test.happened:b', 'job test.job:j']);
    expect(transactions()).toBe(1);
  });

  it('reads again after a full batch', async () => {
    const full = Array.from({ length: 100 }, (_, i) => row(`r${String(i).padStart(3, '0')}`, 1));
    const { relay, published, transactions } = relayOver([full, [row('last', 2)]]);
    await relay.flush();
    expect(published).toHaveLength(101);
    expect(published[100]).toBe('events.test.happened:last');
    expect(transactions()).toBe(2);
  });
});
