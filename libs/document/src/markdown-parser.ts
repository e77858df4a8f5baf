// The Markdown tokenizer: markdown-it (CommonMark, GFM tables) configured to read what micromark
// with remark-gfm read before, several times faster and in linear time on hostile input. On top of
// its CommonMark core: GFM strikethrough with one or two tildes, footnotes (markdown-it-footnote,
// kept in place rather than moved to the end), and GitBook's Liquid tag lines as a block of their
// own. `tokensToMdast` turns the tokens into the mdast the rest of the library reads.
import MarkdownIt from 'markdown-it';
import markdownItFootnote from 'markdown-it-footnote';

type StateBlock = MarkdownIt.StateBlock;
type StateInline = MarkdownIt.StateInline;

const LEFT_BRACE = 0x7b;
const PERCENT = 0x25;
const RIGHT_BRACE = 0x7d;
const TILDE = 0x7e;
const SPACE = 0x20;
const TAB = 0x09;

/**
 * A line that starts with `{%` and whose last two non-blank characters are `%}` is a Liquid line,
 * its own block. Registered in the paragraph, list, blockquote (hence table) and reference chains,
 * so `{% endhint %}` right after a paragraph, list item or table row closes it, the way GitBook
 * writes them (no blank line before the tag).
 */
function liquidLine(state: StateBlock, startLine: number, _endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine] - state.blkIndent >= 4) return false; // indented code
  const src = state.src;
  const start = state.bMarks[startLine] + state.tShift[startLine];
  if (src.charCodeAt(start) !== LEFT_BRACE || src.charCodeAt(start + 1) !== PERCENT) return false;
  // The last two characters other than spaces and tabs, after the opening `{%`.
  let at = state.eMarks[startLine] - 1;
  const skipBlanks = (): void => {
    while (at >= start + 2 && (src.charCodeAt(at) === SPACE || src.charCodeAt(at) === TAB)) at--;
  };
  skipBlanks();
  let closed = at >= start + 2 && src.charCodeAt(at) === RIGHT_BRACE;
  if (closed) {
    at--;
    skipBlanks();
    closed = at >= start + 2 && src.charCodeAt(at) === PERCENT;
  }
  const last = closed ? startLine : tagContinuation(state, startLine);
  if (last < 0) return false;
  if (silent) return true;
  const token = state.push('liquid_line', '', 0);
  token.content = src.slice(start, state.eMarks[last]).trim();
  token.map = [startLine, last + 1];
  state.line = last + 1;
  return true;
}

/** Lines a tag may span (an integration's `content="<table …>"` attribute written over several lines). */
const MAX_TAG_LINES = 24;

/**
 * The last line of a tag opened on `startLine` and closed (`%}` ending a line) on a later line of
 * the same paragraph, with no `%}` before it; -1 when there is none. Bounded, so a paragraph of
 * unclosed `{%` lines costs a few lines each.
 */
function tagContinuation(state: StateBlock, startLine: number): number {
  const src = state.src;
  const opened = src.slice(state.bMarks[startLine] + state.tShift[startLine], state.eMarks[startLine]);
  if (opened.includes('%}') || !/^\{%-?\s*@?[\w-]/.test(opened)) return -1;
  const limit = Math.min(state.lineMax, startLine + MAX_TAG_LINES);
  for (let line = startLine + 1; line < limit && !state.isEmpty(line); line++) {
    const text = src.slice(state.bMarks[line] + state.tShift[line], state.eMarks[line]).trimEnd();
    const close = text.indexOf('%}');
    if (close < 0) continue;
    return close === text.length - 2 ? line : -1;
  }
  return -1;
}

type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;

/** HTML blocks that end at a closing marker (`</pre>`, `-->`, ...) rather than at a blank line. */
const HTML_WITH_CLOSING_MARKER = /^<(?:(?:script|pre|style|textarea)(?=[\s>]|$)|!|\?)/i;

/**
 * markdown-it's HTML block, ended by a Liquid line as well as by a blank line: GitBook writes
 * `<figure>…</figure>` and `{% endhint %}` on consecutive lines, and CommonMark alone would read
 * the closing tag as more HTML. Looks ahead only over the block's own lines (up to a blank line).
 */
function htmlBlockEndedByLiquid(htmlBlock: BlockRule): BlockRule {
  return (state, startLine, endLine, silent) => {
    if (silent) return htmlBlock(state, startLine, endLine, silent);
    const first = state.src.slice(state.bMarks[startLine] + state.tShift[startLine], state.eMarks[startLine]);
    let end = endLine;
    if (!HTML_WITH_CLOSING_MARKER.test(first)) {
      for (let line = startLine + 1; line < endLine && !state.isEmpty(line); line++) {
        if (liquidLine(state, line, endLine, true)) {
          end = line;
          break;
        }
      }
    }
    return htmlBlock(state, startLine, end, silent);
  };
}

const DOLLAR = 0x24;

/** Whether line `line` is `$$` alone (spaces around it allowed), at most three columns in. */
function isMathFence(state: StateBlock, line: number): boolean {
  if (state.sCount[line] - state.blkIndent >= 4) return false;
  const start = state.bMarks[line] + state.tShift[line];
  return state.src.slice(start, state.eMarks[line]).trimEnd() === '$$';
}

interface MathEnv {
  /** A `$$` line from which no closing `$$` line was found before `mathEndLine`: later ones find none either. */
  mathUnclosedFrom?: number;
  mathEndLine?: number;
}

/**
 * GitBook's block formula: `$$` on a line, the TeX, `$$` on a line. The TeX is kept verbatim (no
 * escapes, no emphasis). Without a closing `$$` line it is no formula: a failed search is remembered,
 * so many unclosed `$$` lines cost one scan, not one each.
 */
function mathBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.src.charCodeAt(state.bMarks[startLine] + state.tShift[startLine]) !== DOLLAR || !isMathFence(state, startLine)) return false;
  const env = state.env as MathEnv;
  if (env.mathEndLine === endLine && env.mathUnclosedFrom !== undefined && startLine >= env.mathUnclosedFrom) return false;
  let close = startLine + 1;
  while (close < endLine && !(state.sCount[close] >= state.blkIndent && isMathFence(state, close))) {
    if (state.sCount[close] < state.blkIndent && !state.isEmpty(close)) break; // the container ended
    close++;
  }
  if (close >= endLine || !isMathFence(state, close)) {
    env.mathUnclosedFrom = startLine;
    env.mathEndLine = endLine;
    return false;
  }
  if (silent) return true;
  const token = state.push('math_block', '', 0);
  token.content = state.getLines(startLine + 1, close, state.blkIndent, false).replace(/\n$/, '');
  token.map = [startLine, close + 1];
  state.line = close + 1;
  return true;
}

/** GitBook's inline formula, `$$TeX$$`, kept verbatim. A single `$` is text (prices, shell variables). */
function mathInline(state: StateInline, silent: boolean): boolean {
  const start = state.pos;
  if (state.src.charCodeAt(start) !== DOLLAR || state.src.charCodeAt(start + 1) !== DOLLAR) return false;
  const env = state.env as { mathInlineUnclosedFrom?: number; mathInlineSource?: string };
  if (env.mathInlineSource === state.src && start >= (env.mathInlineUnclosedFrom ?? Infinity)) return false;
  const end = state.src.indexOf('$$', start + 2);
  if (end < 0) {
    env.mathInlineSource = state.src;
    env.mathInlineUnclosedFrom = start;
    return false;
  }
  if (end === start + 2) return false; // `$$$$` is no formula
  if (!silent) {
    const token = state.push('math_inline', '', 0);
    token.content = state.src.slice(start + 2, end);
  }
  state.pos = end + 2;
  return true;
}

/** Delimiter markers of `~` and `~~`: GFM pairs a run only with a run of the same length. */
const SINGLE_TILDE = TILDE;
const DOUBLE_TILDE = TILDE * 0x100 + TILDE;

/** GFM strikethrough: `~a~` and `~~a~~` (markdown-it's own rule knows only the double form). */
function strikethrough(state: StateInline, silent: boolean): boolean {
  if (silent || state.src.charCodeAt(state.pos) !== TILDE) return false;
  const scanned = state.scanDelims(state.pos, true);
  const token = state.push('text', '', 0);
  token.content = state.src.slice(state.pos, state.pos + scanned.length);
  // Three tildes or more are plain text.
  if (scanned.length <= 2) {
    state.delimiters.push({
      marker: scanned.length === 1 ? SINGLE_TILDE : DOUBLE_TILDE,
      length: 0, // no "rule of 3": that is for emphasis
      token: state.tokens.length - 1,
      end: -1,
      open: scanned.can_open,
      close: scanned.can_close,
    });
  }
  state.pos += scanned.length;
  return true;
}

function pairTildes(state: StateInline, delimiters: MarkdownIt.StateInline.Delimiter[]): void {
  for (const opener of delimiters) {
    if ((opener.marker !== SINGLE_TILDE && opener.marker !== DOUBLE_TILDE) || opener.end === -1) continue;
    const open = state.tokens[opener.token];
    const close = state.tokens[delimiters[opener.end].token];
    open.type = 's_open';
    open.nesting = 1;
    close.type = 's_close';
    close.nesting = -1;
  }
}

function strikethroughPairs(state: StateInline): boolean {
  pairTildes(state, state.delimiters);
  for (const meta of state.tokens_meta) if (meta?.delimiters) pairTildes(state, meta.delimiters);
  return true;
}

function createParser(): MarkdownIt {
  // maxNesting: deeper blocks are dropped by markdown-it; the input limits (limits.ts) refuse
  // Markdown nested past 32 quotes or lists, 64 of these levels at most, before parsing.
  const md = new MarkdownIt('commonmark', { html: true, maxNesting: 100 } as MarkdownIt.Options);
  md.enable('table');
  md.inline.ruler.at('strikethrough', strikethrough);
  md.inline.ruler2.at('strikethrough', strikethroughPairs);
  md.enable('strikethrough');
  md.use(markdownItFootnote);
  // GFM has no inline footnotes (`^[…]`); definitions stay where they are written.
  md.disable(['footnote_inline', 'footnote_tail']);
  // The rule list is markdown-it's only handle on a built-in rule's function.
  const rules = (md.block.ruler as unknown as { __rules__: Array<{ name: string; fn: BlockRule }> }).__rules__;
  const htmlBlock = rules.find((rule) => rule.name === 'html_block');
  if (htmlBlock) htmlBlock.fn = htmlBlockEndedByLiquid(htmlBlock.fn);
  md.block.ruler.before('fence', 'math_block', mathBlock, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.inline.ruler.before('escape', 'math_inline', mathInline);
  md.block.ruler.before('table', 'liquid_line', liquidLine, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  // URLs are kept as written (escapes and character references decoded), as mdast keeps them:
  // no percent-encoding, and no scheme filtering, which belongs to whoever renders the link.
  md.normalizeLink = (url) => url;
  md.normalizeLinkText = (url) => url;
  md.validateLink = () => true;
  return md;
}

export const markdownParser = createParser();
