// eslint-disable-next-line @typescript-eslint/no-require-imports
const porter2 = require('wink-porter2-stemmer') as (word: string) => string;

const cache = new Map<string, string>();

/** Porter2 stem, memoised (a support corpus repeats a small vocabulary). */
export function stem(word: string): string {
  let stemmed = cache.get(word);
  if (stemmed === undefined) {
    stemmed = porter2(word);
    if (cache.size < 200_000) cache.set(word, stemmed);
  }
  return stemmed;
}
