import { errors as natsErrors, headers, type Msg, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node';
import { RequestMux } from './request-mux';

type Callback = (error: Error | null, msg: Msg) => void;

/** A connection that records publishes and lets the test deliver replies to the one subscription. */
function fakeConnection() {
  let closeConnection!: () => void;
  const closed = new Promise<void>((resolve) => (closeConnection = resolve));
  const state = {
    published: [] as Array<{ subject: string; reply: string; headers?: MsgHdrs }>,
    subscribed: [] as string[],
    callback: undefined as Callback | undefined,
  };
  const nc = {
    options: { inboxPrefix: '_INBOX.gateway' },
    closed: () => closed,
    publish: (subject: string, _data: unknown, options: { reply: string; headers?: MsgHdrs }) =>
      state.published.push({ subject, reply: options.reply, headers: options.headers }),
    subscribe: (subject: string, options: { callback: Callback }) => {
      state.subscribed.push(subject);
      state.callback = options.callback;
      return { unsubscribe: () => undefined };
    },
  } as unknown as NatsConnection;
  const reply = (to: string, data: string, code?: number): void =>
    state.callback!(null, {
      subject: to,
      data: new TextEncoder().encode(data),
      headers: code === undefined ? undefined : ({ code } as MsgHdrs),
    } as Msg);
  return { nc, state, reply, closeConnection };
}

describe('RequestMux', () => {
  afterEach(() => jest.useRealTimers());

  it('answers each request with the reply to its own inbox, over one subscription under the connection prefix', async () => {
    const { nc, state, reply } = fakeConnection();
    const mux = new RequestMux(nc);
    const first = mux.request('identity.a', '1', 1000);
    const second = mux.request('identity.b', '2', 1000);
    expect(state.subscribed).toHaveLength(1);
    expect(state.subscribed[0]).toMatch(/^_INBOX\.gateway\.[^.]+\.\*$/);
    const [a, b] = state.published;
    expect(a.reply).not.toBe(b.reply);
    reply(b.reply, 'two');
    reply(a.reply, 'one');
    expect(new TextDecoder().decode((await first).data)).toBe('one');
    expect(new TextDecoder().decode((await second).data)).toBe('two');
  });

  it('sends the headers given with the request, and none when given none', async () => {
    const { nc, state, reply } = fakeConnection();
    const mux = new RequestMux(nc);
    const h = headers();
    h.set('Nats-Msg-Id', 'row-1');
    const requests = [mux.request('events.x', '{}', 1000, h), mux.request('identity.a', '{}', 1000)];
    expect(state.published.map((p) => p.headers?.get('Nats-Msg-Id'))).toEqual(['row-1', undefined]);
    for (const { reply: to } of state.published) reply(to, 'ok');
    await Promise.all(requests);
  });

  it('fails with a no-responders RequestError when the server answers 503 with no data', async () => {
    const { nc, state, reply } = fakeConnection();
    const request = new RequestMux(nc).request('content.x', '{}', 1000);
    reply(state.published[0].reply, '', 503);
    const error: unknown = await request.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(natsErrors.RequestError);
    expect((error as InstanceType<typeof natsErrors.RequestError>).isNoResponders()).toBe(true);
  });

  it('fails with a TimeoutError once the deadline passes, and ignores a late reply', async () => {
    jest.useFakeTimers();
    const { nc, state, reply } = fakeConnection();
    const mux = new RequestMux(nc);
    const request = mux.request('identity.slow', '{}', 300);
    const outcome = request.catch((e: unknown) => e);
    jest.advanceTimersByTime(400);
    expect(await outcome).toBeInstanceOf(natsErrors.TimeoutError);
    expect(() => reply(state.published[0].reply, 'late')).not.toThrow();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('fails every waiting request when the connection closes', async () => {
    const { nc, closeConnection } = fakeConnection();
    const request = new RequestMux(nc).request('identity.a', '{}', 1000);
    closeConnection();
    await expect(request).rejects.toBeInstanceOf(natsErrors.RequestError);
  });
});
