// A page as plain Markdown for readers and agents (`<page>.md`, `llms-full.txt`): links to other
// pages and files are kept (as the site's `.md` addresses and the files' URLs), and GitBook's Liquid
// tags (`{% hint %}`, `{% tabs %}`, `{% embed %}`, …), which only GitBook's importer reads, are
// written as plain Markdown or left out; fenced code keeps its text untouched.
import { type ContentRef, type Document, documentToMarkdown } from '@bindery/document';
import type { VisitorContext } from '../access/conditions';
import { visibleDocument } from './adaptive';

export interface MarkdownLinks {
  /** The `.md` address of a page of the space being read (undefined: another space, or unknown). */
  page(pageId: string): string | undefined;
  /** A file's download URL. */
  file(fileId: string): string | undefined;
}

export function readerMarkdown(document: Document, visitor: VisitorContext, links: MarkdownLinks): string {
  const resolveRef = (ref: ContentRef): string | undefined => {
    if (ref.kind === 'url') return ref.url;
    if (ref.space) return undefined;
    if (ref.kind === 'page') return links.page(ref.page);
    if (ref.kind === 'file') return links.file(ref.file);
    if (ref.page === undefined) return `#${ref.anchor}`;
    const page = links.page(ref.page);
    return page === undefined ? undefined : `${page}#${ref.anchor}`;
  };
  return withoutLiquid(documentToMarkdown(visibleDocument(document, visitor), { resolveRef }));
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const TAG = /\{%-?\s*([a-z-]+)((?:[^%]|%(?!\}))*)-?%\}/g;
const attribute = (attributes: string, name: string): string | undefined =>
  new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`).exec(attributes)?.[1];

/** Liquid tags outside fenced code: written as Markdown when they carry something a reader needs, else dropped. */
export function withoutLiquid(markdown: string): string {
  let fence: string | undefined;
  const out: string[] = [];
  for (const line of markdown.split('\n')) {
    const marker = FENCE.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      out.push(line);
      continue;
    }
    if (marker) {
      fence = marker;
      out.push(line);
      continue;
    }
    // Inline code spans keep their text: only lines without backticks are rewritten inside.
    if (line.includes('`') && !/^\s*\{%.*%\}\s*$/.test(line)) {
      out.push(line);
      continue;
    }
    const rewritten = line.replace(TAG, (_all, name: string, attributes: string) => liquidAsMarkdown(name, attributes));
    // A line that held only tags leaves nothing behind, not an empty line per tag.
    if (rewritten.trim() === '' && line.trim() !== '') continue;
    out.push(rewritten);
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n');
}

function liquidAsMarkdown(name: string, attributes: string): string {
  const title = attribute(attributes, 'title');
  const url = attribute(attributes, 'url') ?? attribute(attributes, 'src');
  switch (name) {
    case 'tab':
    case 'step':
      return title ? `**${title}**` : '';
    case 'hint': {
      const style = attribute(attributes, 'style');
      return style ? `**${style[0].toUpperCase()}${style.slice(1)}:**` : '';
    }
    case 'embed':
    case 'file':
      return url ? `<${url}>` : '';
    default:
      return '';
  }
}
