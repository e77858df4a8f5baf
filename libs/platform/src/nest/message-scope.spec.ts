import { rpcServerRequests } from '../metrics/metrics';
import { handlerFailureOf, MessageScope, noteHandlerFailure } from './message-scope';
import { messagesInHand } from './messages-in-hand';

const countsBySubject = async (subject: string): Promise<Record<string, number>> => {
  const { values } = await rpcServerRequests.get();
  return Object.fromEntries(
    values
      .filter((value) => value.metricName === 'bindery_rpc_server_duration_seconds_count' && value.labels.subject === subject)
      .map((value) => [String(value.labels.outcome), value.value]),
  );
};

describe('MessageScope (what a service does around each message)', () => {
  it('counts an answered message as ok and a failed one by its reason, each in hand until it ends', async () => {
    const answered = new MessageScope('test.thing.get', { ctx: { requestId: 'r1' }, data: {} });
    const refused = new MessageScope('test.thing.get', { ctx: {}, data: {} });
    // Whatever arrives, even not an envelope at all (the guard refuses it; the scope still counts it).
    const malformed = new MessageScope('test.thing.get', 'not an envelope');
    expect(messagesInHand.count()).toBe(3);
    answered.answered();
    refused.failed({ reason: 'unauthorized' });
    malformed.failed(new Error('no reason'));
    expect(messagesInHand.count()).toBe(0);
    expect(await countsBySubject('test.thing.get')).toEqual({ ok: 1, unauthorized: 1, error: 1 });
  });

  it('hands the error a filter noted to the message it belongs to', () => {
    const first = {};
    const second = {};
    const thrown = new Error('boom');
    noteHandlerFailure(first, thrown);
    noteHandlerFailure(undefined, new Error('no context'));
    expect(handlerFailureOf(first)).toBe(thrown);
    expect(handlerFailureOf(second)).toBeUndefined();
  });
});
