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
