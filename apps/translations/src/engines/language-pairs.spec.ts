import { shortestRoute } from './language-pairs';

// Debian's Apertium packages: apertium-eng-spa, apertium-fr-es, apertium-eng-cat, apertium-fra-cat.
const installed = [
  { from: 'eng', to: 'spa' },
  { from: 'spa', to: 'eng' },
  { from: 'spa', to: 'fra' },
  { from: 'fra', to: 'spa' },
  { from: 'eng', to: 'cat' },
  { from: 'cat', to: 'fra' },
  { from: 'cat', to: 'eng' },
];

describe('shortestRoute', () => {
  it('uses a direct pair when there is one', () => {
    expect(shortestRoute(installed, 'eng', 'spa')).toEqual([{ from: 'eng', to: 'spa' }]);
  });

  it('chains pairs through a pivot language, fewest hops first, the first listed on a tie', () => {
    expect(shortestRoute(installed, 'eng', 'fra')).toEqual([
      { from: 'eng', to: 'spa' },
      { from: 'spa', to: 'fra' },
    ]);
    expect(shortestRoute(installed, 'fra', 'cat')).toEqual([
      { from: 'fra', to: 'spa' },
      { from: 'spa', to: 'eng' },
      { from: 'eng', to: 'cat' },
    ]);
    expect(shortestRoute(installed, 'fra', 'eng')).toEqual([
      { from: 'fra', to: 'spa' },
      { from: 'spa', to: 'eng' },
    ]);
  });

  it('answers undefined when no chain reaches the language, and an empty route to itself', () => {
    expect(shortestRoute(installed, 'eng', 'jpn')).toBeUndefined();
    expect(shortestRoute(installed, 'jpn', 'eng')).toBeUndefined();
    expect(shortestRoute(installed, 'eng', 'eng')).toEqual([]);
  });
});
