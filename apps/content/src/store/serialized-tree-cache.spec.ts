import { PAGE_TREE_PART_BYTES } from '@bindery/platform';
import { ContentEnv } from '../config/content.env';
import { SerializedTreeCache, TREE_CHARACTERS_PER_PAGE } from './serialized-tree-cache';

describe('SerializedTreeCache', () => {
  it('holds trees up to its size in memory (two bytes a character), dropping the least recently used first', () => {
    const cache = new SerializedTreeCache(1);
    const tree = (c: string) => ({ json: c.repeat(200 * 1024) });
    cache.set('a', tree('a'));
    cache.set('b', tree('b'));
    cache.get('a');
    cache.set('c', tree('c'));
    expect([...cache.keys()].sort()).toEqual(['a', 'c']);
    expect(cache.calculatedSize).toBe(2 * 2 * 200 * 1024);
  });

  it('counts a tree kept escaped as well by both its texts', () => {
    const cache = new SerializedTreeCache(1);
    cache.set('a', { json: '{"a":1}', quoted: '{\\"a\\":1}' });
    expect(cache.calculatedSize).toBe(2 * ('{"a":1}'.length + '{\\"a\\":1}'.length));
  });

  it('keeps a small tree answered in one part escaped as well, any other tree as JSON alone', () => {
    const cache = new SerializedTreeCache(1);
    const small = { json: '{"a":1}', quoted: '{\\"a\\":1}' };
    expect(cache.toKeep(small, true)).toBe(small);
    expect(cache.toKeep(small, false)).toEqual({ json: small.json });
    // More than an eighth of the bound with both texts.
    const large = { json: 'x'.repeat(40 * 1024), quoted: 'x'.repeat(40 * 1024) };
    expect(cache.toKeep(large, true)).toEqual({ json: large.json });
  });

  it('caches nothing when its size is 0', () => {
    const cache = new SerializedTreeCache(0);
    cache.set('a', { json: '{"pages":[]}' });
    expect(cache.has('a')).toBe(false);
  });

  it('holds the tree of a 1,000-page space with the default setting, with room for smaller spaces', () => {
    const cache = new SerializedTreeCache(new ContentEnv().PAGE_TREE_CACHE_MB);
    cache.set('large', { json: 'x'.repeat(1000 * TREE_CHARACTERS_PER_PAGE) });
    cache.set('small', { json: 'x'.repeat(100 * TREE_CHARACTERS_PER_PAGE) });
    expect([...cache.keys()].sort()).toEqual(['large', 'small']);
  });

  it("drops a content's previous tree when its current one is cached, and keeps other contents' trees", () => {
    const cache = new SerializedTreeCache(1);
    cache.setCurrent('space-a', 'a-1', { json: '{"pages":[1]}' });
    cache.setCurrent('space-b', 'b-1', { json: '{"pages":[2]}' });
    cache.setCurrent('space-a', 'a-2', { json: '{"pages":[3]}' });
    expect([...cache.keys()].sort()).toEqual(['a-2', 'b-1']);
    // The same tag again (two reads of one revision) keeps it.
    cache.setCurrent('space-a', 'a-2', { json: '{"pages":[3]}' });
    expect(cache.get('a-2')).toEqual({ json: '{"pages":[3]}' });
  });

  it('remembers the current tree of a bounded number of contents, the trees staying bounded by memory', () => {
    const cache = new SerializedTreeCache(1);
    for (let i = 0; i < 5_000; i++) cache.setCurrent(`space-${i}`, `tag-${i}`, { json: '{"pages":[]}' });
    // The first contents are forgotten: a new tree of theirs leaves their old one to the LRU bound.
    cache.setCurrent('space-0', 'tag-0-new', { json: '{"pages":[]}' });
    expect([cache.has('tag-0'), cache.has('tag-0-new')]).toEqual([true, true]);
    cache.setCurrent('space-4999', 'tag-4999-new', { json: '{"pages":[]}' });
    expect(cache.has('tag-4999')).toBe(false);
  });

  it('cuts trees at the NATS limit unless a test lowers it', () => {
    expect(new ContentEnv().PAGE_TREE_PART_BYTES).toBe(PAGE_TREE_PART_BYTES);
    expect(new SerializedTreeCache(1).partBytes).toBe(PAGE_TREE_PART_BYTES);
  });
});
