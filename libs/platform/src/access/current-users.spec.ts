import type { RequestContext, User } from '@bindery/contracts';
import { AppError } from '../errors/app-error';
import type { ServiceClient } from '../nest/service-client';
import { CurrentUsers } from './current-users';

const ctx = (userId: string | undefined, baseUrl = 'http://x'): RequestContext =>
  userId === undefined ? { requestId: 'r', baseUrl } : { requestId: 'r', baseUrl, caller: { userId, tokenId: `t-${userId}` } };

/** identity as `CurrentUsers` sees it: answers `user.get` with the caller's current name. */
function identity() {
  const names = new Map<string, string>();
  const asked: string[] = [];
  let failNext = false;
  const client = {
    send: (subject: string, request: RequestContext) => {
      const userId = request.caller!.userId;
      asked.push(`${subject} ${userId} ${request.baseUrl}`);
      if (failNext) {
        failNext = false;
        return Promise.reject(new AppError(503, 'identity is not answering'));
      }
      const user: User = {
        object: 'user',
        id: userId,
        displayName: names.get(userId) ?? userId,
        urls: { location: `${request.baseUrl}/users/${userId}` },
      };
      return Promise.resolve(user);
    },
  } as unknown as ServiceClient;
  return {
    client,
    asked,
    rename: (userId: string, name: string) => names.set(userId, name),
    failOnce: () => (failNext = true),
  };
}

describe('CurrentUsers', () => {
  it('asks identity once for a caller and reuses the answer', async () => {
    const fake = identity();
    const users = new CurrentUsers(fake.client);
    expect((await users.of(ctx('u1'))).id).toBe('u1');
    expect((await users.of(ctx('u1'))).id).toBe('u1');
    expect(fake.asked).toEqual(['identity.user.get u1 http://x']);
  });

  it('never answers one caller with another caller', async () => {
    const fake = identity();
    const users = new CurrentUsers(fake.client);
    await users.of(ctx('u1'));
    expect((await users.of(ctx('u2'))).id).toBe('u2');
    expect(fake.asked).toHaveLength(2);
  });

  it('keeps users apart by base URL (their location is built from it)', async () => {
    const fake = identity();
    const users = new CurrentUsers(fake.client);
    await users.of(ctx('u1', 'http://a'));
    expect((await users.of(ctx('u1', 'http://b'))).urls.location).toBe('http://b/users/u1');
  });

  it('shares one question between requests that miss together', async () => {
    const fake = identity();
    const users = new CurrentUsers(fake.client);
    await Promise.all([users.of(ctx('u1')), users.of(ctx('u1'))]);
    expect(fake.asked).toHaveLength(1);
  });

  it('asks again after ttlMs: a renamed user shows the new name within that bound', async () => {
    const fake = identity();
    let now = 0;
    const users = new CurrentUsers(fake.client, { ttlMs: 1000, now: () => now });
    expect((await users.of(ctx('u1'))).displayName).toBe('u1');
    fake.rename('u1', 'Ada');
    now = 999;
    expect((await users.of(ctx('u1'))).displayName).toBe('u1');
    now = 1000;
    expect((await users.of(ctx('u1'))).displayName).toBe('Ada');
    expect(fake.asked).toHaveLength(2);
  });

  it('does not keep a failed question', async () => {
    const fake = identity();
    const users = new CurrentUsers(fake.client);
    fake.failOnce();
    await expect(users.of(ctx('u1'))).rejects.toMatchObject({ code: 503 });
    expect((await users.of(ctx('u1'))).id).toBe('u1');
    expect(fake.asked).toHaveLength(2);
  });

  it('holds at most maxEntries users, dropping the least recently used', async () => {
    const fake = identity();
    const users = new CurrentUsers(fake.client, { maxEntries: 2 });
    await users.of(ctx('u1'));
    await users.of(ctx('u2'));
    await users.of(ctx('u1'));
    await users.of(ctx('u3'));
    expect(users.size).toBe(2);
    await users.of(ctx('u1'));
    await users.of(ctx('u2'));
    expect(fake.asked.map((a) => a.split(' ')[1])).toEqual(['u1', 'u2', 'u3', 'u2']);
  });

  it('refuses a request without a caller (401) without asking identity', () => {
    const fake = identity();
    const users = new CurrentUsers(fake.client);
    expect(() => users.of(ctx(undefined))).toThrow(expect.objectContaining({ code: 401 }));
    expect(fake.asked).toHaveLength(0);
  });
});
