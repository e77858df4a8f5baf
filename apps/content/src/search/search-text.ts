/** Words a query is made of (letters and digits), at most 16 of them, each at most 64 characters. */
export function queryWords(query: string): string[] {
  return (
    query
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  )
    .slice(0, 16)
    .map((w) => w.slice(0, 64));
}

/**
 * A `to_tsquery` text: every word required, the last one as a prefix while the user is still
 * typing it (no trailing space). Words hold only letters and digits, so quoting cannot be broken.
 */
export function tsQueryText(words: string[], typing: boolean): string {
  return words.map((word, i) => `'${word}'${typing && i === words.length - 1 ? ':*' : ''}`).join(' & ');
}

/**
 * What a search matches: `text`, the whole `to_tsquery` text, and `exact`, the same without the
 * word still being typed (null when no word is left). The search finds its candidate sections by
 * `exact` in the (space, text) index and checks them against `text`: a prefix match in the index
 * would collect the sections of every space holding any word with that prefix before keeping the
 * space's, so a query of one word being typed reads the space's sections instead.
 */
export interface SearchQuery {
  text: string;
  exact: string | null;
}

export function searchQuery(words: string[], typing: boolean): SearchQuery {
  const settled = typing ? words.slice(0, -1) : words;
  return { text: tsQueryText(words, typing), exact: settled.length > 0 ? tsQueryText(settled, false) : null };
}

/** True while the last word is being typed: the query does not end with a space or punctuation. */
export function isTyping(query: string): boolean {
  return /[\p{L}\p{N}]$/u.test(query);
}

/** Distinct words of a text worth suggesting as typo corrections (3–32 letters). */
export function indexWords(text: string): string[] {
  const words = new Set<string>();
  for (const word of text
    .normalize('NFKC')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (word.length >= 3 && word.length <= 32 && !/^\d+$/.test(word)) words.add(word);
  }
  return [...words];
}
