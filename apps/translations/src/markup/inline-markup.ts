// A block's inline content as one string of light HTML for a translation engine, and back.
// Engines (Apertium's html format, DeepL's and LibreTranslate's html tag handling, an LLM told to
// keep tags) translate the text and carry the tags along, so marks and links survive where the
// translation puts their words. What must never be translated (inline code, images, math,
// variables, glossary terms, URLs written as text) is not sent at all: a void `<img data-x="n">` stands in its place.

/** What a `<span data-m>`/`<a data-m>` wraps: a mark set on text, or a link (an inline with children). */
type Wrapper = { kind: 'marks'; marks: unknown[] } | { kind: 'inline'; node: Record<string, unknown> };
/** What an `<img data-x>` stands for: an inline node kept as is, or a text run (code, glossary term). */
type Kept = { kind: 'node'; node: Record<string, unknown> } | { kind: 'text'; text: string; marks: unknown[] };

export interface InlineMarkup {
  /** Sent to the engine. */
  markup: string;
  /** Words of translatable text in it (what a run counts as translated). */
  words: number;
  wrappers: Wrapper[];
  kept: Kept[];
}

/** Terms the glossary fixes: `keep` (left as is) or translated to `to`, matched on word boundaries. */
export interface Glossary {
  terms: Array<{ term: string; to: string }>;
}

export const EMPTY_GLOSSARY: Glossary = { terms: [] };

type Node = Record<string, unknown>;
type Leaf = { object?: string; text: string; marks?: Array<{ type?: string }> };

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const countWords = (text: string): number => (text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []).length;

/** The markup of a list of inline nodes (texts and inlines). */
export function toMarkup(nodes: Node[], glossary: Glossary = EMPTY_GLOSSARY): InlineMarkup {
  const out: InlineMarkup = { markup: '', words: 0, wrappers: [], kept: [] };
  out.markup = inlines(nodes, glossary, out);
  return out;
}

function inlines(nodes: Node[], glossary: Glossary, out: InlineMarkup): string {
  let markup = '';
  for (const node of nodes) {
    if (node.object === 'text') {
      for (const leaf of (node.leaves as Leaf[] | undefined) ?? []) markup += leafMarkup(leaf, glossary, out);
    } else if (node.object === 'inline' && node.type === 'link' && Array.isArray(node.nodes)) {
      const { nodes: children, ...rest } = node;
      out.wrappers.push({ kind: 'inline', node: rest });
      markup += `<a data-m="${out.wrappers.length - 1}">${inlines(children as Node[], glossary, out)}</a>`;
    } else {
      out.kept.push({ kind: 'node', node });
      markup += `<img data-x="${out.kept.length - 1}">`;
    }
  }
  return markup;
}

function leafMarkup(leaf: Leaf, glossary: Glossary, out: InlineMarkup): string {
  const marks = leaf.marks ?? [];
  if (leaf.text === '') return '';
  if (marks.some((mark) => mark.type === 'code')) {
    out.kept.push({ kind: 'text', text: leaf.text, marks });
    return `<img data-x="${out.kept.length - 1}">`;
  }
  const body = protectTerms(leaf.text, marks, glossary, out);
  if (marks.length === 0) return body;
  out.wrappers.push({ kind: 'marks', marks });
  return `<span data-m="${out.wrappers.length - 1}">${body}</span>`;
}

/**
 * URLs and e-mail addresses written as text: engines translate the words in their paths
 * (`/api/users/create` → `/api/los usuarios/crean`), so they are kept like glossary terms. The
 * last character may not be punctuation that ends the sentence around the URL.
 */
const URL_IN_TEXT = /(?:\b[a-z][a-z0-9+.-]*:\/\/|\bwww\.|\bmailto:)[^\s<>"]*[^\s<>"'.,;:!?)\]}]|\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/iu;

/** Escapes the text, with glossary terms and URLs taken out and replaced by placeholders. */
function protectTerms(text: string, marks: unknown[], glossary: Glossary, out: InlineMarkup): string {
  let rest = text;
  let markup = '';
  while (rest !== '') {
    let best: { index: number; term: string; to: string } | undefined;
    const url = URL_IN_TEXT.exec(rest);
    if (url) best = { index: url.index, term: url[0], to: url[0] };
    for (const entry of glossary.terms) {
      const index = findWord(rest, entry.term);
      if (index >= 0 && (!best || index < best.index || (index === best.index && entry.term.length > best.term.length))) {
        best = { index, ...entry };
      }
    }
    if (!best) break;
    const before = rest.slice(0, best.index);
    out.words += countWords(before);
    markup += escapeHtml(before);
    out.kept.push({ kind: 'text', text: best.to, marks });
    markup += `<img data-x="${out.kept.length - 1}">`;
    rest = rest.slice(best.index + best.term.length);
  }
  out.words += countWords(rest);
  return markup + escapeHtml(rest);
}

/** Index of `term` in `text` as a whole word (not inside a longer word), or -1. */
function findWord(text: string, term: string): number {
  const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_]/u.test(c);
  for (let from = 0; ; ) {
    const index = text.indexOf(term, from);
    if (index < 0) return -1;
    if (!isWordChar(text[index - 1]) && !isWordChar(text[index + term.length])) return index;
    from = index + 1;
  }
}

const TOKEN = /<(span|a)\s+data-m="(\d+)"\s*>|<\/(span|a)\s*>|<img\s+data-x="(\d+)"\s*\/?>|<[^>]*>|[^<]+/g;

/**
 * The inline nodes of a translated markup. Tags the engine dropped or invented are ignored; a
 * placeholder the engine lost is put back at the end, so nothing kept is ever lost.
 */
export function fromMarkup(markup: string, source: InlineMarkup): Node[] {
  const root: Node[] = [];
  const stack: Array<{ nodes: Node[]; marks: unknown[]; tag: string }> = [{ nodes: root, marks: [], tag: '' }];
  const used = new Set<number>();
  const top = () => stack[stack.length - 1];
  const addText = (text: string, marks: unknown[]) => {
    if (text === '') return;
    const nodes = top().nodes;
    const last = nodes[nodes.length - 1];
    const leaf = { object: 'leaf', text, marks };
    if (last?.object === 'text') (last.leaves as unknown[]).push(leaf);
    else nodes.push({ object: 'text', leaves: [leaf] });
  };
  const addKept = (index: number) => {
    const kept = source.kept[index];
    if (!kept || used.has(index)) return;
    used.add(index);
    if (kept.kind === 'text') addText(kept.text, kept.marks);
    else top().nodes.push(kept.node);
  };
  for (const match of markup.matchAll(TOKEN)) {
    const [token, openTag, openIndex, closeTag, keptIndex] = match;
    if (openTag !== undefined) {
      const wrapper = source.wrappers[Number(openIndex)];
      if (wrapper?.kind === 'inline' && openTag === 'a') {
        const link: Node = { ...wrapper.node, nodes: [] };
        top().nodes.push(link);
        stack.push({ nodes: link.nodes as Node[], marks: [], tag: 'a' });
      } else if (wrapper?.kind === 'marks' && openTag === 'span') {
        stack.push({ nodes: top().nodes, marks: wrapper.marks, tag: 'span' });
      } else {
        stack.push({ ...top(), tag: openTag });
      }
    } else if (closeTag !== undefined) {
      const at = stack.map((entry) => entry.tag).lastIndexOf(closeTag);
      if (at > 0) stack.length = at;
    } else if (keptIndex !== undefined) {
      addKept(Number(keptIndex));
    } else if (!token.startsWith('<')) {
      addText(unescapeHtml(token), top().marks);
    }
  }
  stack.length = 1;
  source.kept.forEach((_, index) => addKept(index));
  return root;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[entity.toLowerCase()] ?? whole;
  });
}
