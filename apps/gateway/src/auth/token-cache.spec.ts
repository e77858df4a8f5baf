import { TokenCache } from './token-cache';

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
});
