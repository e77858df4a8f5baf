import { RenderedPdfCache, renderedPdfKey } from './rendered-pdf-cache';

describe('RenderedPdfCache', () => {
  it('forgets the least recently used entries past its size', () => {
    const cache = new RenderedPdfCache(10);
    cache.set('a', 'aaaa');
    cache.set('b', 'bbbb');
    expect(cache.get('a')).toBe('aaaa'); // a is now the most recent
    cache.set('c', 'cccc');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('aaaa');
    expect(cache.get('c')).toBe('cccc');
    expect(cache.chars).toBe(8);
  });

  it('replaces an entry without counting it twice and skips values larger than itself', () => {
    const cache = new RenderedPdfCache(10);
    cache.set('a', 'aaaa');
    cache.set('a', 'aaaaaa');
    expect(cache.chars).toBe(6);
    cache.set('huge', 'x'.repeat(11));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('a')).toBe('aaaaaa');
  });

  it('keys by revision, scope and title', () => {
    const keys = [
      renderedPdfKey('r1', undefined, false, 'T'),
      renderedPdfKey('r2', undefined, false, 'T'),
      renderedPdfKey('r1', 'p', false, 'T'),
      renderedPdfKey('r1', 'p', true, 'T'),
      renderedPdfKey('r1', undefined, false, 'U'),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });
});
