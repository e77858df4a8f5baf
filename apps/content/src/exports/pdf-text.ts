/**
 * Characters outside Latin-1 that the PDF standard fonts' WinAnsi encoding still has. The
 * writer uses the 14 standard fonts (no font files to ship), which cannot draw anything else.
 */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Common characters outside WinAnsi with a close stand-in. */
const STAND_INS: Record<string, string> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u2192': '->',
  '\u2190': '<-',
  '\u21d2': '=>',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2713': 'v',
  '\u2714': 'v',
  '\u2715': 'x',
  '\u2717': 'x',
  '\u00a0': ' ',
  '\u200b': '',
  '\ufeff': '',
};

/**
 * Text the standard fonts can draw: tabs become spaces, other control characters go, characters
 * outside WinAnsi become a stand-in or "?" (rather than the wrong glyphs a PDF viewer would show).
 */
export function drawableText(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '\n') out += ch;
    else if (ch === '\t') out += '    ';
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    else if (code <= 0xff || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (ch in STAND_INS) out += STAND_INS[ch];
    else out += '?';
  }
  return out;
}
