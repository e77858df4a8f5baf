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
function relayOver(batches: Row[][], failOn?: string, gate?: Promise<void>) {
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
  const publish = async (name: string, id: string) => {
    await gate;
    if (id === failOn) throw new Error('no ack');
    published.push(`${name}:${id}`);
  };
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

  describe('rows announced by their notification', () => {
    const announce = (...ids: string[]) => JSON.stringify(ids.map((id) => ({ id, type: 'events.test.happened', payload: { id } })));

    it('publishes them without reading the table once a read found it empty, and deletes them', async () => {
      const { relay, published, deleted, reads } = relayOver([]);
      await relay.flush();
      expect(reads()).toBe(1);
      await relay.notified(announce('a', 'b'));
      expect(published).toEqual(['events.test.happened:a', 'events.test.happened:b']);
      expect(deleted).toEqual([['a', 'b']]);
      expect(reads()).toBe(1);
    });

    it('reads the table first while it may hold older rows (at start), so an announced row never overtakes them', async () => {
      const { relay, published, deleted } = relayOver([[row('old', 1), row('new', 2)]]);
      await relay.notified(announce('new'));
      // The read published the announced row in its place; the announcement is not published again.
      expect(published).toEqual(['events.test.happened:old', 'events.test.happened:new']);
      expect(deleted).toEqual([['old', 'new']]);
    });

    it('after a failed publish, reads the table before publishing a later announcement', async () => {
      const failing = relayOver([[]], 'a');
      await failing.relay.flush();
      await failing.relay.notified(announce('a'));
      expect(failing.published).toEqual([]);
      expect(failing.deleted).toEqual([]);
      // The failed row is still in the table: the next notification's rows wait for it.
      const reads = failing.reads();
      await failing.relay.notified(announce('b'));
      expect(failing.reads()).toBe(reads + 1);
    });

    it('reads the table on a wake-up that carries no rows (a writer that does not announce, or rows too big)', async () => {
      const { relay, published, reads } = relayOver([[], [row('plain', 1)]]);
      await relay.flush();
      await relay.notified('');
      expect(reads()).toBe(2);
      expect(published).toEqual(['events.test.happened:plain']);
      await relay.notified('not json');
      expect(reads()).toBe(3);
    });

    it('publishes the commits announced during a publish in the next round, and deletes them with one statement', async () => {
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      const { relay, published, deleted, reads } = relayOver([[]], undefined, gate);
      await relay.flush();
      // `a` is being published (its ack waits at the gate) when `b` and `c` commit.
      const first = relay.notified(announce('a'));
      const second = relay.notified(announce('b'));
      const third = relay.notified(announce('c'));
      open();
      await Promise.all([first, second, third]);
      expect(reads()).toBe(1);
      expect(published).toEqual(['events.test.happened:a', 'events.test.happened:b', 'events.test.happened:c']);
      expect(deleted).toEqual([['a', 'b', 'c']]);
    });
  });
});
