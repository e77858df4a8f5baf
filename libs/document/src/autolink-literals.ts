// GFM autolink literals (`https://…`, `www.…`, e-mail addresses, `mailto:` and `xmpp:`) in mdast
// phrasing, read the way mdast-util-gfm-autolink-literal reads them: links whose text is the
// literal, with trailing punctuation and unbalanced `)` left outside. Run on text nodes, outside
// links, after the Markdown is parsed.
import type { Link, PhrasingContent, Text } from 'mdast';

type Finder = (match: RegExpExecArray) => PhrasingContent[] | undefined;

/**
 * A URL with a scheme or a `www.` host: scheme, domain (letters, digits, `-`, `.`, `_`; a scheme's
 * host needs no dot, `localhost:3000`) and the rest up to whitespace or `<`.
 */
const URL_LITERAL = /(?<![\p{L}\p{N}])(https?:\/\/|www(?=\.))((?:[^\s\p{P}\p{S}]|[-._])*)([^\s<]*)/giu;
const XMPP_LITERAL = /(?<![\w+\-.@])xmpp:([\w+\-.]+)@([\w-]+(?:\.[\w-]+)+)(\/(?:[\w\-/]|\.(?=[\dA-Za-z]))*)?/g;
const MAILTO_LITERAL = /(?<![\w+\-.@])mailto:([\w+\-.]+)@([\w-]+(?:\.[\w-]+)+)/g;
const EMAIL_LITERAL = /(?<![\w+\-.]|(?:^|[^\d@A-Za-z])(?:mailto|xmpp):)([\w+\-.]+)@([\w-]+(?:\.[\w-]+)+)/g;
const WHITESPACE_OR_PUNCTUATION = /[\s\p{P}\p{S}]/u;
const PUNCTUATION = /[\p{P}\p{S}]/u;
/** Characters that end a URL literal without being part of it (`)` only when unbalanced). */
const TRAILING = new Set('!"&\').,:;<>?]}');

const link = (url: string, text: string): Link => ({ type: 'link', title: null, url, children: [{ type: 'text', value: text }] });

const FINDERS: Array<[RegExp, Finder]> = [
  [URL_LITERAL, findUrl],
  [XMPP_LITERAL, findXmpp],
  [MAILTO_LITERAL, ([value, , label]) => (/[\d\-_]$/.test(label) ? undefined : [link(value, value)])],
  [EMAIL_LITERAL, ([value, , label]) => (/[\d\-_]$/.test(label) ? undefined : [link(`mailto:${value}`, value)])],
];

/** `children` with autolink literals in their text made links (in place for containers, recursively). */
export function autolinkLiterals(children: PhrasingContent[]): PhrasingContent[] {
  let result: PhrasingContent[] | undefined;
  for (let index = 0; index < children.length; index++) {
    const child = children[index];
    let replaced: PhrasingContent[] | undefined;
    if (child.type === 'text') replaced = literalsIn(child);
    else if (child.type === 'emphasis' || child.type === 'strong' || child.type === 'delete')
      child.children = autolinkLiterals(child.children);
    if (replaced && !result) result = children.slice(0, index);
    if (result) {
      if (replaced) for (const node of replaced) result.push(node);
      else result.push(child);
    }
  }
  return result ?? children;
}

/** The text split around its literals, or undefined when it holds none. */
function literalsIn(node: Text): PhrasingContent[] | undefined {
  // Every literal has a dot in its domain, or a scheme.
  if (!node.value.includes('.') && !node.value.includes('://')) return undefined;
  let nodes: PhrasingContent[] = [node];
  let changed = false;
  for (const [pattern, find] of FINDERS) {
    const next: PhrasingContent[] = [];
    for (const piece of nodes) {
      const split = piece.type === 'text' ? replaceAll(piece.value, pattern, find) : undefined;
      if (split) {
        changed = true;
        for (const part of split) next.push(part);
      } else next.push(piece);
    }
    nodes = next;
  }
  return changed ? nodes : undefined;
}

function replaceAll(value: string, pattern: RegExp, find: Finder): PhrasingContent[] | undefined {
  const result: PhrasingContent[] = [];
  let position = 0;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(value); match; match = pattern.exec(value)) {
    const found = find(match);
    if (!found) {
      pattern.lastIndex = match.index + 1; // retried one character later, as mdast does
      continue;
    }
    if (match.index > position) result.push({ type: 'text', value: value.slice(position, match.index) });
    for (const node of found) result.push(node);
    position = match.index + match[0].length;
  }
  if (result.length === 0) return undefined;
  if (position < value.length) result.push({ type: 'text', value: value.slice(position) });
  // Adjacent text pieces (the trail of a URL and the text after it) are one node, as in mdast.
  const merged: PhrasingContent[] = [];
  for (const node of result) {
    const last = merged[merged.length - 1];
    if (node.type === 'text' && last?.type === 'text') last.value += node.value;
    else merged.push(node);
  }
  return merged;
}

function findUrl(match: RegExpExecArray): PhrasingContent[] | undefined {
  const { index, input } = match;
  // Only after whitespace, punctuation or at the start of the text.
  if (index > 0 && !WHITESPACE_OR_PUNCTUATION.test(input[index - 1])) return undefined;
  let [, protocol, domain] = match;
  const path = match[3];
  let prefix = '';
  if (/^w/i.test(protocol)) {
    domain = protocol + domain;
    protocol = '';
    prefix = 'http://';
  }
  if (!domain || PUNCTUATION.test(domain[0]) || !isDomain(domain, prefix ? 2 : 1)) return undefined;
  const [url, trail] = splitTrail(domain + path);
  const node = link(prefix + protocol + url, protocol + url);
  return trail ? [node, { type: 'text', value: trail }] : [node];
}

function findXmpp(match: RegExpExecArray): PhrasingContent[] | undefined {
  const [value, , label, resource] = match;
  const next = match.input.charAt(match.index + value.length);
  if (/[\d\-_]$/.test(label) || (resource && (!/[A-Za-z]$/.test(resource) || next === '@'))) return undefined;
  return [link(value, value)];
}

/** Enough labels (a `www.` host has two); the last two have a letter or digit and no underscore. */
function isDomain(domain: string, labels: number): boolean {
  const parts = domain.split('.');
  if (parts.length < labels) return false;
  const valid = (part: string | undefined): boolean => !part || (!part.includes('_') && /[\p{L}\p{N}]/u.test(part));
  return valid(parts[parts.length - 1]) && valid(parts[parts.length - 2]);
}

/** The URL without its trailing punctuation, and that trail (a `)` closing a `(` in the URL stays in it). */
function splitTrail(url: string): [string, string] {
  let end = url.length;
  while (end > 0 && TRAILING.has(url[end - 1])) end--;
  if (end === url.length) return [url, ''];
  let kept = url.slice(0, end);
  let trail = url.slice(end);
  let opening = 0;
  let closing = 0;
  for (const character of kept) {
    if (character === '(') opening++;
    else if (character === ')') closing++;
  }
  let paren = trail.indexOf(')');
  while (paren !== -1 && opening > closing) {
    kept += trail.slice(0, paren + 1);
    trail = trail.slice(paren + 1);
    paren = trail.indexOf(')');
    closing++;
  }
  return [kept, trail];
}
