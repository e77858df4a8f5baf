// Limits on untrusted page bodies, checked before any parsing. The Markdown parser (markdown-it)
// is linear in the size of a page but visits each line once per quote or list around it, drops
// content nested deeper than its `maxNesting` (100 levels; a list counts two), and deep documents
// overflow the stack of every recursive walk. Real pages nest a handful of levels; these caps are
// far above that and well under the parser's.

/** Nested quotes and lists a Markdown line may open (`>`, `-`, `1.` and indentation). */
export const MAX_MARKDOWN_NESTING = 32;
/** Nesting of a Document's JSON (objects and arrays): a block inside a list item is ~4 levels. */
export const MAX_DOCUMENT_DEPTH = 256;

/** Why `markdown` is refused before parsing, or undefined when it may be parsed. */
export function markdownInputError(markdown: string): string | undefined {
  if (hasLoneSurrogate(markdown)) return 'must not contain a lone UTF-16 surrogate (invalid Unicode)';
  const depth = markdownNesting(markdown);
  if (depth > MAX_MARKDOWN_NESTING) return `nests quotes and lists ${depth} levels deep; at most ${MAX_MARKDOWN_NESTING} are allowed`;
  return undefined;
}

const FENCE = /^(`{3,}|~{3,})/;
// One container marker with the space after it: a quote `>`, a bullet or an ordered item number.
const CONTAINER = /^(?:>[ \t]?|[-+*][ \t]+|\d{1,9}[.)][ \t]+)/;

/**
 * The deepest container nesting any line opens, measured the way a reader sees it and without
 * parsing: the markers at the start of the line (`> > - 1. `) count one level each, and its
 * indentation one level per two columns (a nested list item is indented under its parent).
 * Lines inside fenced code count nothing, so indented code samples are not mistaken for nesting.
 * An over-estimate at worst, and linear in the input.
 */
export function markdownNesting(markdown: string): number {
  let deepest = 0;
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    let rest = line;
    let depth = 0;
    for (;;) {
      const indent = /^[ \t]*/.exec(rest)![0];
      depth += columns(indent) >> 1;
      rest = rest.slice(indent.length);
      const marker = fence === undefined ? CONTAINER.exec(rest) : null;
      if (!marker) break;
      depth++;
      rest = rest.slice(marker[0].length);
      // The count only has to reach the limit; the rest of the line cannot lower it.
      if (depth > MAX_MARKDOWN_NESTING) return depth;
    }
    const opener = FENCE.exec(rest);
    if (fence === undefined) {
      if (opener) fence = opener[1];
      else deepest = Math.max(deepest, depth);
    } else if (opener && opener[1][0] === fence[0] && opener[1].length >= fence.length && rest.slice(opener[1].length).trim() === '') {
      fence = undefined;
    }
    if (deepest > MAX_MARKDOWN_NESTING) return deepest;
  }
  return deepest;
}

function columns(indent: string): number {
  let width = 0;
  for (const character of indent) width = character === '\t' ? width + 4 - (width % 4) : width + 1;
  return width;
}

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A string JSON can carry but Postgres (`jsonb`, `text`) and UTF-8 cannot. */
export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

interface Visit {
  value: unknown;
  depth: number;
  parent?: Visit;
  key?: string | number;
}

/**
 * Why a Document given as JSON is refused, or undefined. Walks without recursion, so a value
 * nested 100,000 deep is measured, not a stack overflow; strings (keys too) are checked for lone
 * surrogates, which Postgres refuses in `jsonb`. Errors name the path inside the document.
 */
export function documentInputError(document: unknown): string | undefined {
  const stack: Visit[] = [{ value: document, depth: 1 }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { value, depth } = visit;
    if (typeof value === 'string') {
      if (hasLoneSurrogate(value)) return `${pathOf(visit)}must not contain a lone UTF-16 surrogate (invalid Unicode)`;
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_DOCUMENT_DEPTH) return `nests more than ${MAX_DOCUMENT_DEPTH} levels deep (objects and arrays)`;
    if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, depth: depth + 1, parent: visit, key: index }));
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      if (hasLoneSurrogate(key)) return `${pathOf(visit)}a key must not contain a lone UTF-16 surrogate (invalid Unicode)`;
      stack.push({ value: item, depth: depth + 1, parent: visit, key });
    }
  }
  return undefined;
}

/** `nodes[0].leaves[1].text: `, built only for an error. */
function pathOf(visit: Visit): string {
  const parts: string[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) {
    parts.unshift(typeof at.key === 'number' ? `[${at.key}]` : `.${at.key}`);
  }
  return parts.length > 0 ? `${parts.join('').replace(/^\./, '')}: ` : '';
}
