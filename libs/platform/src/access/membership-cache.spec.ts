import type { MembershipGetResult } from '@bindery/contracts';
import { MembershipCache } from './membership-cache';

const member = (role: MembershipGetResult['role']): MembershipGetResult => ({ member: true, role });
const stranger: MembershipGetResult = { member: false, role: null };

/** An `ask` whose answers the test hands out one by one, counting the questions. */
function identity() {
  const pending: Array<(answer: MembershipGetResult) => void> = [];
  let asked = 0;
  return {
    ask: () => {
      asked += 1;
      return new Promise<MembershipGetResult>((resolve) => pending.push(resolve));
    },
    answer: (answer: MembershipGetResult) => pending.shift()!(answer),
    get asked() {
      return asked;
    },
  };
}

/** A cache whose feed is in place. */
function liveCache(options: ConstructorParameters<typeof MembershipCache>[0] = {}) {
  const cache = new MembershipCache(options);
  cache.resume();
  return cache;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('MembershipCache', () => {
  it('asks every time until it is live', async () => {
    const cache = new MembershipCache();
    const ask = jest.fn(() => Promise.resolve(member('read')));
    await cache.standing('o1', 'u1', ask);
    await cache.standing('o1', 'u1', ask);
    expect(ask).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
  });

  it("reuses a member's answer across requests once live", async () => {
    const cache = liveCache();
    const ask = jest.fn(() => Promise.resolve(member('edit')));
    await cache.standing('o1', 'u1', ask);
    await settle();
    await expect(cache.standing('o1', 'u1', ask)).resolves.toEqual(member('edit'));
    expect(ask).toHaveBeenCalledTimes(1);
    await cache.standing('o1', 'u2', ask);
    await cache.standing('o2', 'u1', ask);
    expect(ask).toHaveBeenCalledTimes(3);
  });

  it("never keeps a stranger's answer (joins are not announced)", async () => {
    const cache = liveCache();
    const ask = jest.fn(() => Promise.resolve(stranger));
    await cache.standing('o1', 'u1', ask);
    await settle();
    await cache.standing('o1', 'u1', ask);
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it("keeps a guest's answer (a member, role null)", async () => {
    const cache = liveCache();
    const ask = jest.fn(() => Promise.resolve(member(null)));
    await cache.standing('o1', 'u1', ask);
    await settle();
    await cache.standing('o1', 'u1', ask);
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('forgets the standing a change names, and only it', async () => {
    const cache = liveCache();
    const ask = jest.fn(() => Promise.resolve(member('admin')));
    await cache.standing('o1', 'u1', ask);
    await cache.standing('o1', 'u2', ask);
    await settle();
    cache.invalidate({ organizationId: 'o1', userId: 'u1' });
    await cache.standing('o1', 'u1', ask);
    await cache.standing('o1', 'u2', ask);
    expect(ask).toHaveBeenCalledTimes(3);
  });

  it("forgets an organization's standings when the change names no user", async () => {
    const cache = liveCache();
    const ask = jest.fn(() => Promise.resolve(member('read')));
    for (const [org, user] of [
      ['o1', 'u1'],
      ['o1', 'u2'],
      ['o10', 'u1'],
    ])
      await cache.standing(org, user, ask);
    await settle();
    cache.invalidate({ organizationId: 'o1' });
    expect(cache.size).toBe(1);
    await cache.standing('o10', 'u1', ask);
    expect(ask).toHaveBeenCalledTimes(3);
  });

  it('does not store an answer asked before a change and received after it', async () => {
    const cache = liveCache();
    const id = identity();
    const before = cache.standing('o1', 'u1', id.ask);
    cache.invalidate({ organizationId: 'o1', userId: 'u1' });
    id.answer(member('admin')); // read before the change committed
    await expect(before).resolves.toEqual(member('admin'));
    await settle();
    const after = cache.standing('o1', 'u1', id.ask);
    expect(id.asked).toBe(2);
    id.answer(stranger);
    await expect(after).resolves.toEqual(stranger);
  });

  it('does not let a request join a question asked before a change', async () => {
    const cache = liveCache();
    const id = identity();
    const first = cache.standing('o1', 'u1', id.ask);
    const joined = cache.standing('o1', 'u1', id.ask);
    expect(id.asked).toBe(1);
    cache.invalidate({ organizationId: 'o2', userId: 'u9' }); // any change: the epoch moves on
    const next = cache.standing('o1', 'u1', id.ask);
    expect(id.asked).toBe(2);
    id.answer(member('admin'));
    id.answer(member('read'));
    expect(await first).toEqual(member('admin'));
    expect(await joined).toEqual(member('admin'));
    expect(await next).toEqual(member('read'));
    await settle();
    // The second question started after the change: its answer is kept.
    await expect(cache.standing('o1', 'u1', id.ask)).resolves.toEqual(member('read'));
    expect(id.asked).toBe(2);
  });

  it('forgets everything and stops reusing when suspended, until resumed', async () => {
    const cache = liveCache();
    const ask = jest.fn(() => Promise.resolve(member('read')));
    await cache.standing('o1', 'u1', ask);
    await settle();
    cache.suspend();
    expect(cache.isLive).toBe(false);
    expect(cache.size).toBe(0);
    await cache.standing('o1', 'u1', ask);
    await settle();
    expect(cache.size).toBe(0);
    cache.resume();
    await cache.standing('o1', 'u1', ask);
    await settle();
    await cache.standing('o1', 'u1', ask);
    expect(ask).toHaveBeenCalledTimes(3);
  });

  it('does not store an answer that arrives after a suspension, even once resumed', async () => {
    const cache = liveCache();
    const id = identity();
    const asked = cache.standing('o1', 'u1', id.ask);
    cache.suspend();
    cache.resume();
    id.answer(member('admin'));
    await asked;
    await settle();
    expect(cache.size).toBe(0);
  });

  it('asks again after the TTL backstop', async () => {
    let now = 0;
    const cache = liveCache({ ttlMs: 1_000, now: () => now });
    const ask = jest.fn(() => Promise.resolve(member('read')));
    await cache.standing('o1', 'u1', ask);
    await settle();
    now = 999;
    await cache.standing('o1', 'u1', ask);
    expect(ask).toHaveBeenCalledTimes(1);
    now = 1_000;
    await cache.standing('o1', 'u1', ask);
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it('holds at most maxEntries answers, dropping the least recently used', async () => {
    const cache = liveCache({ maxEntries: 2 });
    const ask = jest.fn(() => Promise.resolve(member('read')));
    await cache.standing('o1', 'a', ask);
    await cache.standing('o1', 'b', ask);
    await settle();
    await cache.standing('o1', 'a', ask); // a is now the most recently used
    await cache.standing('o1', 'c', ask);
    await settle();
    expect(cache.size).toBe(2);
    await cache.standing('o1', 'a', ask);
    expect(ask).toHaveBeenCalledTimes(3);
    await cache.standing('o1', 'b', ask);
    expect(ask).toHaveBeenCalledTimes(4);
  });

  it('does not remember a failed question', async () => {
    const cache = liveCache();
    const ask = jest.fn().mockRejectedValueOnce(new Error('timeout')).mockResolvedValue(member('read'));
    await expect(cache.standing('o1', 'u1', ask)).rejects.toThrow('timeout');
    await settle();
    await expect(cache.standing('o1', 'u1', ask)).resolves.toEqual(member('read'));
    expect(ask).toHaveBeenCalledTimes(2);
  });
});
