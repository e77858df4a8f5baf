import { type KV, Kvm } from '@nats-io/kv';
import { type JetStreamForTests, startJetStreamForTests } from '@bindery/platform';
import type { NatsConnection } from '@nats-io/transport-node';
import { KvCounterStore } from './kv-counter-store';

const BUCKET = 'counters_probe';

describe('KvCounterStore, against a nats-server with JetStream', () => {
  let jetStream: JetStreamForTests;
  let nc: NatsConnection;
  let bucket: KV;
  let store: KvCounterStore;

  beforeAll(async () => {
    jetStream = await startJetStreamForTests('bindery-kv-counter-store-');
    nc = jetStream.nc;
    bucket = await new Kvm(nc).create(BUCKET, { history: 1 });
    store = new KvCounterStore(nc, BUCKET, bucket, 2000);
  }, 30_000);

  afterAll(async () => {
    await jetStream?.stop();
  });

  it('writes through the bucket as KV.create and KV.update do: the bucket reads each value at its revision', async () => {
    const created = await store.create('t.a.1', '5');
    expect(await bucket.get('t.a.1')).toMatchObject({ revision: created, operation: 'PUT' });
    expect((await bucket.get('t.a.1'))?.string()).toBe('5');
    const updated = await store.update('t.a.1', '9', created);
    expect(updated).toBeGreaterThan(created);
    expect((await store.get('t.a.1'))?.string()).toBe('9');
  });

  it('refuses a create of a key that holds a value, and an update from a revision that is no longer the last', async () => {
    const first = await store.create('t.b.1', '1');
    await expect(store.create('t.b.1', '2')).rejects.toThrow(/wrong last sequence/i);
    await store.update('t.b.1', '3', first);
    await expect(store.update('t.b.1', '4', first)).rejects.toThrow(/wrong last sequence/i);
    expect((await bucket.get('t.b.1'))?.string()).toBe('3');
  });

  it('creates over a deleted key, as KV.create does', async () => {
    await store.create('t.c.1', '1');
    await bucket.delete('t.c.1');
    const revision = await store.create('t.c.1', '7');
    expect(await bucket.get('t.c.1')).toMatchObject({ revision, operation: 'PUT' });
  });

  it("pushes without a request object of its own per write (js.publish's nc.request builds a RequestError each ack)", async () => {
    const request = jest.spyOn(nc, 'request');
    try {
      const revision = await store.create('t.d.1', '1');
      await store.update('t.d.1', '2', revision);
      expect(request).not.toHaveBeenCalled();
    } finally {
      request.mockRestore();
    }
  });

  it('is seen by a watch on the bucket, as the other replicas follow the counters', async () => {
    const updates = await bucket.watch({ key: 't.e.*', ignoreDeletes: true });
    const seen = (async () => {
      for await (const entry of updates) if (entry.operation === 'PUT') return entry.string();
      return undefined;
    })();
    await store.create('t.e.1', '42');
    expect(await seen).toBe('42');
    updates.stop();
  });
});
