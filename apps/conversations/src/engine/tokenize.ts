/**
 * Lower-cased word tokens of a text: letters and digits, contractions split the way GloVe's
 * tokenizer did ("what's" → "what", "s"; "don't" → "do", "not"), so that tokens meet the
 * vocabulary of the word vectors.
 */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  const lower = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’`]/g, "'")
    .replace(/n't\b/g, ' not')
    .replace(/'(s|re|ve|ll|d|m)\b/g, ' $1');
  for (const match of lower.matchAll(/[a-z0-9]+/g)) tokens.push(match[0]);
  return tokens;
}

/**
 * Function words that carry no topic. Deliberately short: question words and negations stay,
 * since "how do I cancel" and "why can't I cancel" are different issues.
 */
export const STOPWORDS = new Set(
  (
    'a an the and or but if then so of to in on at by for with from into onto about as is are was were be been being am ' +
    'do does did doing have has had having i me my mine myself you your yours we our us he him his she her it its they them their ' +
    'this that these those there here s d ll m re ve please pls plz thanks thank hi hello hey would could should will shall may might ' +
    'must can just also very really some any all up out over again get got like want need know tell let im'
  ).split(' '),
);
