import { ContentEnv } from '../config/content.env';
import { SerializedTreeCache, TREE_CHARACTERS_PER_PAGE } from './serialized-tree-cache';

describe('SerializedTreeCache', () => {
  it('holds trees up to its size in memory (two bytes a character), dropping the least recently used first', () => {
    const cache = new SerializedTreeCache(1);
    const tree = (c: string) => c.repeat(200 * 1024);
    cache.set('a', tree('a'));
    cache.set('b', tree('b'));
    cache.get('a');
    cache.set('c', tree('c'));
    expect([...cache.keys()].sort()).toEqual(['a', 'c']);
    expect(cache.calculatedSize).toBe(2 * 2 * 200 * 1024);
  });

  it('caches nothing when its size is 0', () => {
    const cache = new SerializedTreeCache(0);
    cache.set('a', '{"pages":[]}');
    expect(cache.has('a')).toBe(false);
  });

  it('holds the tree of a 1,000-page space with the default setting, with room for smaller spaces', () => {
    const cache = new SerializedTreeCache(new ContentEnv().PAGE_TREE_CACHE_MB);
    cache.set('large', 'x'.repeat(1000 * TREE_CHARACTERS_PER_PAGE));
    cache.set('small', 'x'.repeat(100 * TREE_CHARACTERS_PER_PAGE));
    expect([...cache.keys()].sort()).toEqual(['large', 'small']);
  });
});
