import type { TranslateRequest, TranslationEngine } from './engine';
import { CachingEngine } from './segment-cache';

function countingEngine() {
  const sent: string[][] = [];
  const engine: TranslationEngine = {
    name: 'fake',
    supports: () => Promise.resolve(true),
    translate: (request: TranslateRequest) => {
      sent.push(request.segments);
      return Promise.resolve(request.segments.map((s) => `${request.to}:${s}`));
    },
  };
  return { engine, sent };
}

describe('CachingEngine', () => {
  it('sends each distinct segment once and answers repeats from memory, per language pair', async () => {
    const { engine, sent } = countingEngine();
    const cached = new CachingEngine(engine);
    expect(await cached.translate({ from: 'en', to: 'es', segments: ['a', 'b', 'a'] })).toEqual(['es:a', 'es:b', 'es:a']);
    expect(await cached.translate({ from: 'en', to: 'es', segments: ['b', 'c'] })).toEqual(['es:b', 'es:c']);
    expect(await cached.translate({ from: 'en', to: 'fr', segments: ['b'] })).toEqual(['fr:b']);
    expect(sent).toEqual([['a', 'b'], ['c'], ['b']]);
  });

  it('forgets the least recently used beyond its size, and still answers a request larger than it', async () => {
    const { engine, sent } = countingEngine();
    const cached = new CachingEngine(engine, 2);
    expect(await cached.translate({ from: 'en', to: 'es', segments: ['a', 'b', 'c'] })).toEqual(['es:a', 'es:b', 'es:c']);
    await cached.translate({ from: 'en', to: 'es', segments: ['b'] });
    await cached.translate({ from: 'en', to: 'es', segments: ['a'] });
    expect(sent).toEqual([['a', 'b', 'c'], ['a']]);
  });
});
