// The one gate for every URL the reader writes into an attribute (href, src, action, a variant's
// value that the script navigates to). A scheme regex is not enough: browsers strip leading and
// trailing C0 controls and spaces and remove tabs and newlines anywhere before parsing, so
// `java\tscript:` and `\u0001javascript:` run. This parses the value exactly as a browser does
// (same clean-up, then the WHATWG parser Node shares with browsers) and allows only the schemes
// a docs page links to.
import { esc } from './escape';

/** What a refused URL becomes: a link to the top of the page, inert. */
export const REFUSED_URL = '#';

const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);
/** WHATWG URL parsing, step 1: leading and trailing C0 control or space are removed. */
const C0_OR_SPACE_AT_EDGES = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
/** WHATWG URL parsing, step 2: ASCII tab or newline is removed anywhere. */
const TAB_OR_NEWLINE = /[\t\n\r]/g;
/** A relative URL resolves against the page (http or https); any special base resolves alike. */
const PROBE_BASE = 'https://reader.invalid/';

/**
 * The URL as the browser will read it when it is http(s), mailto, tel or relative (a path, a
 * query, a fragment, `//host`), else `#`. Non-strings are refused: documents written through the
 * API may hold anything.
 */
export function safeUrl(value: unknown): string {
  if (typeof value !== 'string') return REFUSED_URL;
  const cleaned = value.replace(C0_OR_SPACE_AT_EDGES, '').replace(TAB_OR_NEWLINE, '');
  let parsed: URL;
  try {
    parsed = new URL(cleaned, PROBE_BASE);
  } catch {
    return REFUSED_URL;
  }
  return ALLOWED_SCHEMES.has(parsed.protocol) ? cleaned : REFUSED_URL;
}

/** A URL ready for a quoted attribute: checked by `safeUrl`, then escaped. Every URL attribute goes through here. */
export function urlAttr(value: unknown): string {
  return esc(safeUrl(value));
}

/** Whether a URL passes `safeUrl` (a card that would only link to `#` is better left out). */
export function isSafeUrl(value: unknown): boolean {
  return safeUrl(value) !== REFUSED_URL;
}

/** An absolute http(s) URL (a redirect target), or undefined. */
export function httpUrl(value: unknown): URL | undefined {
  const checked = safeUrl(value);
  if (checked === REFUSED_URL) return undefined;
  try {
    const url = new URL(checked);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}
