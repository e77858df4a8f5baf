import { DiscardPolicy, JetStreamApiError, JetStreamError, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { errors as natsErrors, type NatsConnection } from '@nats-io/transport-node';
import { type JetStreamForTests, startJetStreamForTests } from './jetstream-for-tests';
import { isWrongLastSequence, StreamPublisher } from './stream-publisher';

/** The stored messages' payloads of `stream`, in stream order. */
async function stored(jsm: JetStreamManager, stream: string): Promise<string[]> {
  const { state } = await jsm.streams.info(stream);
  const payloads: string[] = [];
  for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq++) {
    const msg = await jsm.streams.getMessage(stream, { seq });
    if (msg) payloads.push(msg.string());
  }
  return payloads;
}

describe('StreamPublisher, against a nats-server with JetStream', () => {
  let jetStream: JetStreamForTests;
  let nc: NatsConnection;
  let jsm: JetStreamManager;

  beforeAll(async () => {
    jetStream = await startJetStreamForTests('bindery-stream-publisher-');
    nc = jetStream.nc;
    jsm = await jetstreamManager(nc);
    await jsm.streams.add({ name: 'PROBE', subjects: ['probe.>'] });
    // Refuses its second message: the server answers that publish with an API error.
    await jsm.streams.add({ name: 'FULL', subjects: ['full.>'], max_msgs: 1, discard: DiscardPolicy.New });
  }, 30_000);

  afterAll(async () => {
    await jetStream?.stop();
  });

  it("resolves with the stream's ack, and stores the message, without a request object of its own", async () => {
    // `nc.request` (what `js.publish` calls) builds a RequestOne, a timer and a RequestError per call.
    const request = jest.spyOn(nc, 'request');
    const ack = await new StreamPublisher(nc).publish('probe.one', '{"n":1}', 'one');
    expect(request).not.toHaveBeenCalled();
    request.mockRestore();
    expect(ack).toEqual(expect.objectContaining({ stream: 'PROBE', duplicate: false }));
    expect(ack.seq).toBeGreaterThan(0);
    expect(await stored(jsm, 'PROBE')).toContain('{"n":1}');
  });

  it('acks a repeated message id as a duplicate and stores the message once', async () => {
    const publisher = new StreamPublisher(nc);
    const first = await publisher.publish('probe.dup', '{"n":"dup"}', 'dup-1');
    const again = await publisher.publish('probe.dup', '{"n":"dup"}', 'dup-1');
    expect(again).toEqual({ stream: 'PROBE', seq: first.seq, domain: undefined, duplicate: true });
    expect((await stored(jsm, 'PROBE')).filter((payload) => payload === '{"n":"dup"}')).toHaveLength(1);
  });

  it('stores pipelined publishes in the order they were called', async () => {
    const publisher = new StreamPublisher(nc);
    const payloads = Array.from({ length: 50 }, (_, i) => `{"order":${i}}`);
    await Promise.all(payloads.map((payload, i) => publisher.publish('probe.order', payload, `order-${i}`)));
    expect((await stored(jsm, 'PROBE')).filter((payload) => payload.startsWith('{"order":'))).toEqual(payloads);
  });

  it("publishIfLast stores a message only over the subject's expected last sequence (a compare-and-set)", async () => {
    const publisher = new StreamPublisher(nc);
    const first = await publisher.publishIfLast('probe.cas', '{"cas":1}', 0);
    const second = await publisher.publishIfLast('probe.cas', '{"cas":2}', first.seq);
    const stale: unknown = await publisher.publishIfLast('probe.cas', '{"cas":3}', first.seq).catch((e: unknown) => e);
    const again: unknown = await publisher.publishIfLast('probe.cas', '{"cas":4}', 0).catch((e: unknown) => e);
    expect(second.seq).toBeGreaterThan(first.seq);
    expect(stale).toBeInstanceOf(JetStreamApiError);
    expect(isWrongLastSequence(stale)).toBe(true);
    expect(isWrongLastSequence(again)).toBe(true);
    expect((await stored(jsm, 'PROBE')).filter((payload) => payload.startsWith('{"cas":'))).toEqual(['{"cas":1}', '{"cas":2}']);
  });

  it('fails with a JetStreamError naming the subject when no stream takes it', async () => {
    const error: unknown = await new StreamPublisher(nc).publish('nowhere.x', '{}', 'lost').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JetStreamError);
    expect((error as Error).message).toContain("'nowhere.x'");
    expect((error as Error).cause).toBeInstanceOf(natsErrors.RequestError);
  });

  it("fails with the stream's JetStreamApiError when the stream refuses the message", async () => {
    const publisher = new StreamPublisher(nc);
    await publisher.publish('full.a', '{}', 'full-1');
    const error: unknown = await publisher.publish('full.a', '{}', 'full-2').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JetStreamApiError);
    expect((error as JetStreamApiError).message).toMatch(/maximum messages/i);
  });

  it('fails with a TimeoutError when nothing acknowledges the publish', async () => {
    // A plain subscriber that never answers: the publish has a responder, but no ack comes.
    const silent = nc.subscribe('silent.x');
    try {
      const error: unknown = await new StreamPublisher(nc, 200).publish('silent.x', '{}', 'silent').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(natsErrors.TimeoutError);
    } finally {
      silent.unsubscribe();
    }
  });
});
