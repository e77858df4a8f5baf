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
function relayOver(batches: Row[][], failOn?: string, gate?: Promise<void>, deleteAfterMs = 0) {
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
  return {
    relay: new OutboxRelay(dataSource, bus, 'postgres://unused', 2000, 30_000, deleteAfterMs),
    published,
    deleted,
    reads: () => reads,
  };
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

  it('keeps the row whose publish failed and the rows after it, deleting only those before it', async () => {
    const { relay, published, deleted } = relayOver([[row('a', 1), row('b', 2), row('c', 3)]], 'b');
    await relay.flush();
    // Pipelined: `c` was sent (and acked) before `b`'s failure was known; it stays in the table all the same.
    expect(published).toEqual(['events.test.happened:a', 'events.test.happened:c']);
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

  describe('deleting later (the default: one delete per interval, not per commit)', () => {
    const announce = (...ids: string[]) => JSON.stringify(ids.map((id) => ({ id, type: 'events.test.happened', payload: { id } })));
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('publishes each commit at once and deletes the commits of one interval with one statement', async () => {
      const { relay, published, deleted } = relayOver([], undefined, undefined, 100);
      await relay.flush();
      await relay.notified(announce('a'));
      await relay.notified(announce('b'));
      expect(published).toEqual(['events.test.happened:a', 'events.test.happened:b']);
      expect(deleted).toEqual([]);
      await jest.advanceTimersByTimeAsync(100);
      expect(deleted).toEqual([['a', 'b']]);
      await relay.notified(announce('c'));
      await jest.advanceTimersByTimeAsync(100);
      expect(deleted).toEqual([['a', 'b'], ['c']]);
    });

    it('deletes what waits before a drain reads the table, so the drain does not publish it again', async () => {
      const { relay, published, deleted, reads } = relayOver([[], [row('plain', 5)]], undefined, undefined, 100);
      await relay.flush();
      await relay.notified(announce('a'));
      await relay.notified('');
      expect(deleted).toEqual([['a'], ['plain']]);
      expect(reads()).toBe(2);
      expect(published).toEqual(['events.test.happened:a', 'events.test.happened:plain']);
    });

    it('deletes at once when a batch of ids waits, and what waits when it stops', async () => {
      const { relay, deleted } = relayOver([], undefined, undefined, 100);
      await relay.flush();
      await relay.notified(announce(...Array.from({ length: 100 }, (_, i) => `r${i}`)));
      expect(deleted.map((ids) => ids.length)).toEqual([100]);
      await relay.notified(announce('last'));
      await relay.stop();
      expect(deleted.map((ids) => ids.length)).toEqual([100, 1]);
    });
  });
});

/**
 * An outbox table (read oldest first, `LIMIT` honoured, deletes applied) and a bus whose acks the
 * test releases: `sent` is the order messages left, `acked` the rows JetStream stored. `deleteFails`:
 * the next deletes throw (a crash between publish and delete, as far as the table can tell).
 */
function relayOverTable(rows: Row[]) {
  const table = [...rows];
  const sent: string[] = [];
  const acked: string[] = [];
  const reads: number[] = [];
  const pending: Array<{ id: string; ack: () => void; fail: () => void }> = [];
  const failures = { deletes: 0 };
  const dataSource = {
    query: (sql: string, params: unknown[]) => {
      if (sql.startsWith('DELETE')) {
        if (failures.deletes > 0) {
          failures.deletes--;
          return Promise.reject(new Error('connection lost'));
        }
        const ids = new Set(params[0] as string[]);
        for (let i = table.length - 1; i >= 0; i--) if (ids.has(table[i].id)) table.splice(i, 1);
        return Promise.resolve();
      }
      const ordered = [...table].sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id.localeCompare(b.id));
      const batch = ordered.slice(0, params[0] as number);
      reads.push(batch.length);
      return Promise.resolve(batch);
    },
  } as unknown as DataSource;
  const publish = (id: string) => {
    sent.push(id);
    return new Promise<void>((resolve, reject) =>
      pending.push({
        id,
        ack: () => {
          // JetStream's duplicate window: a message id stored before is acknowledged, not stored again.
          if (!acked.includes(id)) acked.push(id);
          resolve();
        },
        fail: () => reject(new Error('ack timeout')),
      }),
    );
  };
  const bus = {
    publishEvent: (_type: string, _payload: unknown, id: string) => publish(id),
    enqueueJob: (_type: string, _payload: unknown, id: string) => publish(id),
  } as unknown as JetStreamBus;
  /** Answers every publish waiting for its ack (and those that follow, until `until` settles), failing the ids named. */
  const answer = async (until: Promise<void>, fail: string[] = []) => {
    let done = false;
    void until.finally(() => (done = true));
    while (!done) {
      for (const p of pending.splice(0)) (fail.includes(p.id) ? p.fail : p.ack)();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const newRelay = () => new OutboxRelay(dataSource, bus, 'postgres://unused', 2000, 30_000, 0);
  return { newRelay, table, sent, acked, reads, pending, failures, answer };
}

describe('OutboxRelay, publishing pipelined', () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => row(`r${String(i).padStart(3, '0')}`, i));

  it('sends a whole batch before any ack arrives, in the order read, and deletes it only once every ack came', async () => {
    const outbox = relayOverTable([row('c', 1), row('a', 2), row('b', 2)]);
    const flushed = outbox.newRelay().flush();
    await new Promise((resolve) => setImmediate(resolve));
    // Three messages left, none acknowledged yet: one round trip for the batch, not one per row.
    expect(outbox.sent).toEqual(['c', 'a', 'b']);
    expect(outbox.pending).toHaveLength(3);
    expect(outbox.table).toHaveLength(3);
    // Acks answered last to first: the stored order is the order sent, whatever order the acks come in.
    for (const p of outbox.pending.splice(0).reverse()) p.ack();
    await flushed;
    expect(outbox.table).toEqual([]);
  });

  it('keeps order across full batches: each batch is deleted before the next read', async () => {
    const outbox = relayOverTable(rows(230));
    const relay = outbox.newRelay();
    await outbox.answer(relay.flush());
    expect(outbox.sent).toEqual(rows(230).map((r) => r.id));
    expect(outbox.reads).toEqual([100, 100, 30]);
    expect(outbox.table).toEqual([]);
  });

  it('after a failed ack, keeps that row and every later one (even those acked), and republishes them in order with the same ids', async () => {
    const outbox = relayOverTable(rows(5));
    const relay = outbox.newRelay();
    await outbox.answer(relay.flush(), ['r002']);
    expect(outbox.table.map((r) => r.id)).toEqual(['r002', 'r003', 'r004']);
    expect(outbox.acked).toEqual(['r000', 'r001', 'r003', 'r004']);
    await outbox.answer(relay.flush());
    expect(outbox.sent).toEqual(['r000', 'r001', 'r002', 'r003', 'r004', 'r002', 'r003', 'r004']);
    // r003 and r004 came back as duplicates of the same message ids: stored once each.
    expect(outbox.acked).toEqual(['r000', 'r001', 'r003', 'r004', 'r002']);
    expect(outbox.table).toEqual([]);
  });

  it('a crash between publish and delete leaves the rows: the next relay publishes them again with the same ids', async () => {
    const outbox = relayOverTable(rows(3));
    outbox.failures.deletes = 1;
    await outbox.answer(outbox.newRelay().flush());
    expect(outbox.acked).toEqual(['r000', 'r001', 'r002']);
    expect(outbox.table).toHaveLength(3);
    // A new process (the crashed one's replacement) drains at start.
    await outbox.answer(outbox.newRelay().flush());
    expect(outbox.sent).toEqual(['r000', 'r001', 'r002', 'r000', 'r001', 'r002']);
    expect(outbox.acked).toEqual(['r000', 'r001', 'r002']);
    expect(outbox.table).toEqual([]);
  });

  it('does not publish again the announced rows a drain already read and published', async () => {
    const outbox = relayOverTable(rows(150));
    const relay = outbox.newRelay();
    const flushed = relay.flush();
    // While the first batch's acks are awaited, r120 (in the table, to be read by the second batch)
    // commits with its announcement, then a new row committed after the drain's last read.
    await new Promise((resolve) => setImmediate(resolve));
    const announce = (r: Row) => JSON.stringify([{ id: r.id, type: r.type, payload: r.payload }]);
    const late = row('z-late', 1000);
    const announced = relay.notified(announce(rows(150)[120]));
    await outbox.answer(flushed);
    outbox.table.push(late);
    await outbox.answer(Promise.all([announced, relay.notified(announce(late))]).then(() => undefined));
    expect(outbox.sent).toEqual([...rows(150).map((r) => r.id), 'z-late']);
    expect(outbox.table).toEqual([]);
  });
  it('holds at most 1000 announced rows while a publish is under way, then reads the rest from the table, in order', async () => {
    const outbox = relayOverTable([]);
    const relay = outbox.newRelay();
    await outbox.answer(relay.flush());
    const commits = Array.from({ length: 1200 }, (_, i) => row(`c${String(i).padStart(4, '0')}`, i));
    const announce = (r: Row) => JSON.stringify([{ id: r.id, type: r.type, payload: r.payload }]);
    // Each commit is in the table (and announced) before its notification arrives.
    const notified: Array<Promise<void>> = [];
    for (const commit of commits) {
      outbox.table.push(commit);
      notified.push(relay.notified(announce(commit)));
    }
    await outbox.answer(Promise.all(notified).then(() => undefined));
    // c0000 was being published when the others came; past 1000 held, the table was read instead.
    expect(outbox.reads.length).toBeGreaterThan(1);
    expect(outbox.sent).toEqual(commits.map((r) => r.id));
    expect(outbox.table).toEqual([]);
  });
});
