/** Invisible characters that would only show as empty boxes. */
const INVISIBLE = new Set(['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff']);

/**
 * Text as the writer draws it: tabs become spaces, control and zero-width characters go. Every
 * other character is kept: the DejaVu fonts cover Latin, Greek, Cyrillic, Hebrew, Arabic and most
 * symbols; a character they lack (CJK, emoji) shows as the font's empty box, as in any viewer.
 */
export function drawableText(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '\n') out += ch;
    else if (ch === '\t') out += '    ';
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0) || INVISIBLE.has(ch)) continue;
    else out += ch;
  }
  return out;
}

/** A break opportunity the line breaker honours and the proportional DejaVu faces draw as nothing. */
export const ZERO_WIDTH_SPACE = '\u200b';

/**
 * Inserts `mark` into every run of more than `every` characters without white space, so no word
 * handed to pdfkit is longer than `every`. pdfkit chops a word wider than the line by measuring
 * the whole rest of the word again after each line, and caches the layout of every rest: a
 * 20,000-character word took 25 s and 900 MB, and the time grows with the square of its length.
 * Proportional text gets ZERO_WIDTH_SPACE (invisible); monospace text, whose fonts lack that
 * character, gets a line break where its line is full anyway.
 */
export function breakLongWords(text: string, every: number, mark: string): string {
  const limit = Math.max(1, Math.floor(every));
  const out: string[] = [];
  let unbroken = 0;
  for (const ch of text) {
    if (ch === ' ' || ch === '\n' || ch === '\t' || ch === ZERO_WIDTH_SPACE) unbroken = 0;
    else if (unbroken === limit) {
      out.push(mark);
      unbroken = 1;
    } else unbroken++;
    out.push(ch);
  }
  return out.join('');
}
