import type { MembershipGetResult } from '@bindery/contracts';
import type { Msg, NatsConnection, Status } from '@nats-io/transport-node';
import { announceMembershipChange, MembershipFeed } from './membership-feed';

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A NATS connection as the feed uses it: one subscription, flushes the test confirms, status events it pushes. */
function fakeConnection() {
  const log: string[] = [];
  let callback: ((error: Error | null, msg: Msg) => void) | undefined;
  let closeSubscription!: () => void;
  let subscriptionClosed = false;
  const flushes: Array<{ resolve: () => void; reject: (e: Error) => void }> = [];
  const statuses: Status[] = [];
  let wake: (() => void) | undefined;
  const nc = {
    subscribe: (subject: string, options: { callback: typeof callback; queue?: string }) => {
      log.push(`sub ${subject}${options.queue ? ` queue ${options.queue}` : ''}`);
      callback = options.callback;
      return {
        closed: new Promise<void>((resolve) => (closeSubscription = resolve)),
        isClosed: () => subscriptionClosed,
        unsubscribe: () => log.push('unsub'),
      };
    },
    publish: (subject: string, data: string) => log.push(`pub ${subject} ${data}`),
    flush: () => {
      log.push('flush');
      return new Promise<void>((resolve, reject) => flushes.push({ resolve, reject }));
    },
    status: () => ({
      async *[Symbol.asyncIterator]() {
        for (;;) {
          while (statuses.length > 0) yield statuses.shift()!;
          await new Promise<void>((resolve) => (wake = resolve));
        }
      },
    }),
  } as unknown as NatsConnection;
  return {
    nc,
    log,
    deliver: (data: unknown) => callback!(null, { json: (): unknown => (typeof data === 'string' ? JSON.parse(data) : data) } as Msg),
    fail: (error: Error) => callback!(error, undefined as unknown as Msg),
    confirmFlush: async () => {
      flushes.shift()!.resolve();
      await settle();
    },
    rejectFlush: async (error: Error) => {
      flushes.shift()!.reject(error);
      await settle();
    },
    status: async (type: Status['type']) => {
      statuses.push({ type } as Status);
      wake?.();
      await settle();
    },
    closeSubscription: async () => {
      subscriptionClosed = true;
      closeSubscription();
      await settle();
    },
  };
}

const member = (role: MembershipGetResult['role']): MembershipGetResult => ({ member: true, role });

/** Puts one standing in the cache (which must be live). */
async function warm(feed: MembershipFeed, organizationId = 'o1', userId = 'u1'): Promise<void> {
  await feed.cache.standing(organizationId, userId, () => Promise.resolve(member('admin')));
  await settle();
}

describe('MembershipFeed', () => {
  it('subscribes without a queue group only once a client uses it and the connection is there, live once the server confirmed', async () => {
    const feed = new MembershipFeed();
    const conn = fakeConnection();
    feed.attach(conn.nc);
    expect(conn.log).toEqual([]); // nobody asks for standings: no subscription (nor permission)
    const cache = feed.use();
    expect(conn.log).toEqual(['sub identity.membership.changed', 'flush']);
    expect(cache.isLive).toBe(false);
    await conn.confirmFlush();
    expect(cache.isLive).toBe(true);
    expect(feed.use()).toBe(cache);
    expect(conn.log.filter((line) => line.startsWith('sub'))).toHaveLength(1);
  });

  it('forgets the standing a broadcast names, synchronously as it is delivered', async () => {
    const feed = new MembershipFeed();
    const conn = fakeConnection();
    feed.use();
    feed.attach(conn.nc);
    await conn.confirmFlush();
    await warm(feed, 'o1', 'u1');
    await warm(feed, 'o1', 'u2');
    conn.deliver({ organizationId: 'o1', userId: 'u1' });
    expect(feed.cache.size).toBe(1);
  });

  it('forgets everything on a broadcast it cannot read', async () => {
    const feed = new MembershipFeed();
    const conn = fakeConnection();
    feed.use();
    feed.attach(conn.nc);
    await conn.confirmFlush();
    await warm(feed);
    conn.deliver({ organization: 'o1' });
    expect(feed.cache.size).toBe(0);
    await warm(feed);
    conn.deliver('not json');
    expect(feed.cache.size).toBe(0);
    expect(feed.cache.isLive).toBe(true);
  });

  it('stops reusing on a disconnection, and again only once the resubscription is confirmed', async () => {
    const feed = new MembershipFeed();
    const conn = fakeConnection();
    feed.use();
    feed.attach(conn.nc);
    await conn.confirmFlush();
    await warm(feed);
    await conn.status('disconnect');
    expect(feed.cache.isLive).toBe(false);
    expect(feed.cache.size).toBe(0);
    await conn.status('reconnect');
    expect(feed.cache.isLive).toBe(false);
    await conn.confirmFlush();
    expect(feed.cache.isLive).toBe(true);
  });

  it('forgets everything on a client error, and stops on a subscription error or its end', async () => {
    const feed = new MembershipFeed();
    const conn = fakeConnection();
    feed.use();
    feed.attach(conn.nc);
    await conn.confirmFlush();
    await warm(feed);
    await conn.status('error');
    expect(feed.cache.size).toBe(0);
    expect(feed.cache.isLive).toBe(true);
    conn.fail(new Error('Permissions Violation for Subscription'));
    expect(feed.cache.isLive).toBe(false);

    const other = new MembershipFeed();
    const conn2 = fakeConnection();
    other.use();
    other.attach(conn2.nc);
    await conn2.confirmFlush();
    await conn2.closeSubscription();
    expect(other.cache.isLive).toBe(false);
  });

  it('stays off when the server never confirmed the subscription', async () => {
    const feed = new MembershipFeed();
    const conn = fakeConnection();
    feed.use();
    feed.attach(conn.nc);
    await conn.rejectFlush(new Error('disconnected'));
    expect(feed.cache.isLive).toBe(false);
  });

  it('stops reusing once detached (the service stops)', async () => {
    const feed = new MembershipFeed();
    const conn = fakeConnection();
    feed.use();
    feed.attach(conn.nc);
    await conn.confirmFlush();
    feed.detach();
    expect(feed.cache.isLive).toBe(false);
    expect(conn.log).toContain('unsub');
  });
});

describe('announceMembershipChange', () => {
  it('publishes the change and resolves only once the server confirmed it has it', async () => {
    const conn = fakeConnection();
    let done = false;
    const announced = announceMembershipChange(conn.nc, { organizationId: 'o1', userId: 'u1' }).then(() => (done = true));
    expect(conn.log).toEqual(['pub identity.membership.changed {"organizationId":"o1","userId":"u1"}', 'flush']);
    await settle();
    expect(done).toBe(false);
    await conn.confirmFlush();
    await announced;
    expect(done).toBe(true);
  });
});
