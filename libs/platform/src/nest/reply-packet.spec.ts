import type { Msg } from '@nats-io/transport-node';
import { messagesInHand } from './messages-in-hand';
import { JsonAnswer, replyPacket, sendAnswer } from './reply-packet';

/** What Nest's `NatsRecordSerializer` writes for a reply packet (`{...packet, data}` of the packet with its id), as its source does. */
const nestWrites = (response: unknown, id: string): string => {
  const packet = Object.assign({ response, isDisposed: true }, { id });
  return JSON.stringify({ ...packet, data: undefined });
};

const text = (packet: string | Uint8Array): string => (typeof packet === 'string' ? packet : Buffer.from(packet).toString('utf8'));

describe('replyPacket', () => {
  const page = {
    object: 'page',
    id: 'p1',
    title: 'Ünïcode "quoted" \u2028 <b>',
    at: new Date(0),
    urls: { app: 'x' },
    tags: [1, null, 'a'],
  };

  it.each([
    ['an object', page],
    ['a string', 'plain'],
    ['null', null],
    ['undefined (left out)', undefined],
    ['an array', [page, page]],
    ['a number', 0],
  ])('writes the bytes Nest writes for %s', (_name, value) => {
    expect(text(replyPacket(value, '42'))).toBe(nestWrites(value, '42'));
  });

  it('sends a JsonAnswer as the value it encodes, from text or from bytes', () => {
    const json = JSON.stringify(page);
    expect(text(replyPacket(new JsonAnswer(json), '7'))).toBe(nestWrites(page, '7'));
    expect(text(replyPacket(new JsonAnswer(Buffer.from(json)), '7'))).toBe(nestWrites(page, '7'));
    expect(JSON.parse(text(replyPacket(new JsonAnswer(json), '7')))).toEqual({ response: JSON.parse(json), isDisposed: true, id: '7' });
  });

  it('throws what JSON.stringify throws for a value it cannot write', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => replyPacket(cycle, '1')).toThrow(TypeError);
    expect(() => replyPacket({ n: BigInt(1) }, '1')).toThrow(TypeError);
  });
});

/** A request as NATS hands it to the service, keeping the replies it is answered with as text. */
function request(reply: string | undefined): Msg & { replies: string[] } {
  const replies: string[] = [];
  const respond = (data: string | Uint8Array) => replies.push(text(data)) > 0;
  return { replies, subject: 'content.page.get', reply, respond } as unknown as Msg & { replies: string[] };
}

/** Replies leave in the loop turn's check phase (`inCheckPhase`). */
const checkPhase = () => new Promise((resolve) => setImmediate(resolve));

describe('sendAnswer', () => {
  const page = { id: 'p1', title: 'Ünïcode "quoted"' };

  it("answers a handler's value in Nest's reply packet, in the check phase, in hand until sent", async () => {
    const msg = request('_INBOX.gateway.x.1');
    sendAnswer(msg, '9', page);
    expect(msg.replies).toEqual([]);
    expect(messagesInHand.count()).toBe(1);
    await checkPhase();
    expect(msg.replies).toEqual([JSON.stringify({ response: page, isDisposed: true, id: '9' })]);
    expect(messagesInHand.count()).toBe(0);
  });

  it('answers a JsonAnswer with the JSON it holds as the value, not as an object holding it', async () => {
    const msg = request('_INBOX.gateway.x.1');
    sendAnswer(msg, '9', new JsonAnswer(Buffer.from(JSON.stringify(page))));
    await checkPhase();
    expect(msg.replies).toEqual([JSON.stringify({ response: page, isDisposed: true, id: '9' })]);
  });

  it('sends nothing for a message without a reply subject, and nothing for a value it cannot write', async () => {
    const noReply = request(undefined);
    sendAnswer(noReply, '1', page);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    const unwritable = request('_INBOX.gateway.x.2');
    sendAnswer(unwritable, '2', cycle);
    await checkPhase();
    expect([...noReply.replies, ...unwritable.replies]).toEqual([]);
    expect(messagesInHand.count()).toBe(0);
  });
});
