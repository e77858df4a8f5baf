import { PageTreeCache } from './page-tree-cache';

const bytes = (n: number) => Buffer.alloc(n, 'x');

describe('PageTreeCache', () => {
  it('knows the tag of the tree it holds for a ref and serves its bytes', () => {
    const cache = new PageTreeCache(100);
    expect(cache.knownTag('space-a')).toBeUndefined();
    cache.set('space-a', 'rev1', bytes(10));
    expect(cache.knownTag('space-a')).toBe('rev1');
    expect(cache.get('rev1')?.body.length).toBe(10);
    cache.set('space-a', 'rev2', bytes(10));
    expect(cache.knownTag('space-a')).toBe('rev2');
  });

  it('evicts the least recently used trees to stay within its byte budget', () => {
    const cache = new PageTreeCache(25);
    cache.set('a', 't1', bytes(10));
    cache.set('b', 't2', bytes(10));
    cache.get('t1'); // t2 is now the oldest
    cache.set('c', 't3', bytes(10));
    expect(cache.get('t2')).toBeUndefined();
    expect(cache.knownTag('b')).toBeUndefined();
    expect(cache.get('t1')).toBeDefined();
    expect(cache.size).toEqual({ trees: 2, bytes: 20 });
  });

  it('does not keep a tree larger than the budget, nor count a tag twice', () => {
    const cache = new PageTreeCache(25);
    cache.set('a', 'big', bytes(30));
    expect(cache.knownTag('a')).toBeUndefined();
    cache.set('a', 't1', bytes(10));
    cache.set('b', 't1', bytes(10));
    expect(cache.size).toEqual({ trees: 1, bytes: 10 });
  });

  it('forgets the oldest refs beyond its ref limit', () => {
    const cache = new PageTreeCache(1000, 2);
    cache.set('a', 't1', bytes(1));
    cache.set('b', 't2', bytes(1));
    cache.set('c', 't3', bytes(1));
    expect(cache.knownTag('a')).toBeUndefined();
    expect(cache.knownTag('c')).toBe('t3');
  });

  it('counts a gzip form in the budget and evicts by it', () => {
    const cache = new PageTreeCache(25);
    cache.set('a', 't1', bytes(10));
    cache.addGzipped('t1', bytes(4));
    expect(cache.get('t1')?.gzipped?.length).toBe(4);
    expect(cache.size).toEqual({ trees: 1, bytes: 14 });
    cache.set('b', 't2', bytes(12)); // 26 > 25: t1 and its gzip go
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.size).toEqual({ trees: 1, bytes: 12 });
    cache.addGzipped('t1', bytes(4)); // gone meanwhile: ignored
    expect(cache.size).toEqual({ trees: 1, bytes: 12 });
  });

  it('drops a tree as soon as no space or change request names its tag (a merge supersedes it)', () => {
    const cache = new PageTreeCache(1000);
    cache.set('space-a', 'rev1', bytes(10));
    cache.set('space-a', 'rev2', bytes(10));
    expect(cache.get('rev1')).toBeUndefined();
    expect(cache.size).toEqual({ trees: 1, bytes: 10 });
  });

  it('keeps a tree shared by two refs until neither names it', () => {
    const cache = new PageTreeCache(1000);
    cache.set('space-a', 'rev1', bytes(10));
    cache.set('space-a/cr-1', 'rev1', bytes(10));
    cache.set('space-a', 'rev2', bytes(10));
    expect(cache.knownTag('space-a/cr-1')).toBe('rev1');
    cache.set('space-a/cr-1', 'rev1', bytes(10)); // the same tag again holds it once, not twice
    cache.set('space-a/cr-1', 'rev3', bytes(10));
    expect(cache.get('rev1')).toBeUndefined();
    expect(cache.size).toEqual({ trees: 2, bytes: 20 });
  });

  it('drops the tree of a ref forgotten beyond the ref limit', () => {
    const cache = new PageTreeCache(1000, 2);
    cache.set('a', 't1', bytes(1));
    cache.set('b', 't2', bytes(1));
    cache.set('c', 't3', bytes(1));
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.size).toEqual({ trees: 2, bytes: 2 });
  });
});
