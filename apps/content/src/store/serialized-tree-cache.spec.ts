import { SerializedTreeCache } from './serialized-tree-cache';

describe('SerializedTreeCache', () => {
  it('holds trees up to its size in characters, dropping the least recently used first', () => {
    const cache = new SerializedTreeCache(1);
    const tree = (c: string) => c.repeat(400 * 1024);
    cache.set('a', tree('a'));
    cache.set('b', tree('b'));
    cache.get('a');
    cache.set('c', tree('c'));
    expect([...cache.keys()].sort()).toEqual(['a', 'c']);
    expect(cache.calculatedSize).toBeLessThanOrEqual(1024 * 1024);
  });

  it('caches nothing when its size is 0', () => {
    const cache = new SerializedTreeCache(0);
    cache.set('a', '{"pages":[]}');
    expect(cache.has('a')).toBe(false);
  });
});
