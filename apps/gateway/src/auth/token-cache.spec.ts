import { TokenCache, type Verification } from './token-cache';

describe('TokenCache', () => {
  const caller = { userId: 'u1', tokenId: 't1' };

  it('serves an entry until its TTL runs out', () => {
    let now = 1000;
    const cache = new TokenCache(500, 10, () => now);
    cache.set('k', caller);
    now = 1499;
    expect(cache.get('k')).toEqual(caller);
    now = 1500;
    expect(cache.get('k')).toBeUndefined();
  });

  it("never serves an entry past its token's own expiry, and skips tokens already expired", () => {
    let now = 1000;
    const cache = new TokenCache(10_000, 10, () => now);
    cache.set('k', caller, 1200);
    now = 1199;
    expect(cache.get('k')).toEqual(caller);
    now = 1200;
    expect(cache.get('k')).toBeUndefined();
    cache.set('late', caller, 1200);
    expect(cache.get('late')).toBeUndefined();
  });

  it('evicts every entry of a revoked token', () => {
    const cache = new TokenCache(10_000);
    cache.set('a', caller);
    cache.set('b', { userId: 'u2', tokenId: 't2' });
    cache.evictToken('t1');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
  });

  it('drops the oldest entry when full and caches nothing with a zero TTL', () => {
    const cache = new TokenCache(10_000, 2);
    cache.set('a', caller);
    cache.set('b', caller);
    cache.set('c', caller);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
    const off = new TokenCache(0);
    off.set('a', caller);
    expect(off.get('a')).toBeUndefined();
  });

  it('keys by a hash, never the token itself', () => {
    expect(TokenCache.keyOf('bdy_secret')).not.toContain('secret');
  });

  describe('lookup', () => {
    /** Lets the verifications answered so far finish. */
    const settled = () => new Promise((resolve) => setImmediate(resolve));

    /** A verification that answers when the test says so, counting how often identity was asked. */
    function identity() {
      const pending: Array<(verification: Verification) => void> = [];
      const verify = jest.fn(() => new Promise<Verification>((resolve) => pending.push(resolve)));
      const answer = (verification: Verification) => pending.splice(0).forEach((resolve) => resolve(verification));
      return { verify, answer };
    }

    it('asks identity once for all the requests that miss at the same time', async () => {
      const cache = new TokenCache(10_000);
      const { verify, answer } = identity();
      const callers = Array.from({ length: 64 }, () => cache.lookup('k', verify));
      answer({ caller });
      expect(await Promise.all(callers)).toEqual(Array(64).fill(caller));
      expect(verify).toHaveBeenCalledTimes(1);
    });

    it('verifies a token in use again before its entry expires, serving the entry meanwhile', async () => {
      let now = 0;
      const cache = new TokenCache(10_000, 10, () => now);
      const { verify, answer } = identity();
      const first = cache.lookup('k', verify);
      answer({ caller });
      await first;
      now = 7_999;
      await expect(cache.lookup('k', verify)).resolves.toEqual(caller);
      expect(verify).toHaveBeenCalledTimes(1);
      now = 8_000;
      await expect(cache.lookup('k', verify)).resolves.toEqual(caller);
      await expect(cache.lookup('k', verify)).resolves.toEqual(caller);
      expect(verify).toHaveBeenCalledTimes(2);
      answer({ caller });
      await settled();
      now = 12_000; // past the first entry's expiry: the refreshed one serves
      await expect(cache.lookup('k', verify)).resolves.toEqual(caller);
      expect(verify).toHaveBeenCalledTimes(2);
    });

    it('forgets a token that identity no longer accepts when it verifies it again', async () => {
      let now = 0;
      const cache = new TokenCache(10_000, 10, () => now);
      const { verify, answer } = identity();
      const first = cache.lookup('k', verify);
      answer({ caller });
      await first;
      now = 9_000;
      await cache.lookup('k', verify);
      answer({ caller: null });
      await settled();
      const next = cache.lookup('k', verify);
      expect(verify).toHaveBeenCalledTimes(3);
      answer({ caller: null });
      await expect(next).resolves.toBeUndefined();
    });

    it('keeps nothing of an answer that identity may have given before a revocation heard meanwhile', async () => {
      const cache = new TokenCache(10_000);
      const { verify, answer } = identity();
      const pendingLookup = cache.lookup('k', verify);
      cache.evictToken('t1');
      answer({ caller });
      await pendingLookup;
      const next = cache.lookup('k', verify);
      expect(verify).toHaveBeenCalledTimes(2);
      answer({ caller: null });
      await expect(next).resolves.toBeUndefined();
    });

    it('serves the entry until it expires when identity cannot be reached to refresh it', async () => {
      let now = 0;
      const cache = new TokenCache(10_000, 10, () => now);
      const verify = jest.fn<Promise<Verification>, []>().mockResolvedValueOnce({ caller }).mockRejectedValue(new Error('unreachable'));
      await cache.lookup('k', verify);
      now = 8_000;
      await expect(cache.lookup('k', verify)).resolves.toEqual(caller);
      await settled();
      await expect(cache.lookup('k', verify)).resolves.toEqual(caller);
      expect(verify).toHaveBeenCalledTimes(2); // the next try waits a little
      now = 10_000;
      await expect(cache.lookup('k', verify)).rejects.toThrow('unreachable');
    });
  });
});
