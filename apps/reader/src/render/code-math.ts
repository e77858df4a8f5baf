// Syntax highlighting (highlight.js) and math (KaTeX): the costly parts of a page's HTML besides
// API reference blocks. The reader runs them on its worker threads (page-blocks.ts); the page
// itself is rendered on the event loop with a mark in each one's place.
import hljs from 'highlight.js';
import katex from 'katex';
import { esc } from './escape';

/** A code block longer than this is shown without highlighting. */
export const MAX_HIGHLIGHT_CHARS = 100_000;
/** A formula is cut at this length. */
export const MAX_FORMULA_CHARS = 10_000;

/**
 * Per page: code highlighted and formulas typeset at most, so one page's work on a thread stays
 * bounded (with the per-block limits above). Beyond them, code is shown plain and math as its
 * source, which costs nothing to write.
 */
export const MAX_HIGHLIGHT_CHARS_PER_PAGE = 1_000_000;
export const MAX_FORMULA_CHARS_PER_PAGE = 200_000;

/** A code block's body: highlighted when its language is known and it is not too long, else escaped. */
export function highlightCode(source: string, language: string): string {
  if (language && source.length <= MAX_HIGHLIGHT_CHARS && hljs.getLanguage(language)) {
    return hljs.highlight(source, { language, ignoreIllegals: true }).value;
  }
  return esc(source);
}

/** A formula as MathML (no fonts or stylesheet to serve, browsers render it natively). */
export function renderMath(formula: string, display: boolean): string {
  return katex.renderToString(formula.slice(0, MAX_FORMULA_CHARS), {
    displayMode: display,
    throwOnError: false,
    output: 'mathml',
    trust: false,
    maxExpand: 1000,
    maxSize: 100,
  });
}

/** A formula past the page's budget: its source, as code. */
export function mathSource(formula: string, display: boolean): string {
  return `<code class="math-source${display ? ' math-display' : ''}">${esc(formula.slice(0, MAX_FORMULA_CHARS))}</code>`;
}
