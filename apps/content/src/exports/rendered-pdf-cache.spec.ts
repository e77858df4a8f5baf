import { renderedPdfCache, renderedPdfKey } from './rendered-pdf-cache';

describe('renderedPdfCache', () => {
  it('is bounded by the length of the PDFs it holds, least recently used first', () => {
    const cache = renderedPdfCache(10);
    cache.set('a', 'aaaa');
    cache.set('b', 'bbbb');
    expect(cache.get('a')).toBe('aaaa'); // a is now the most recent
    cache.set('c', 'cccc');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.calculatedSize).toBe(8);
    cache.set('huge', 'x'.repeat(11));
    expect(cache.get('huge')).toBeUndefined();
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
