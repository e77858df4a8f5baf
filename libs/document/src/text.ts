// Plain text of a Document, for services that read a page rather than render it: search indexes
// sections, translations and summaries take the text. Formatting, links' targets, images and
// embeds are dropped; every block of text (paragraph, heading, code line, table column title,
// description of a hand-written API operation, ...) becomes one line.
import type { Document, DocumentBlock, TableBlock } from './document.types';
import { inlineSpecProse } from './legacy-swagger';
import { type DocumentNode, walkDocument } from './walk';

/** The text under one heading of a page. */
export interface DocumentSection {
  /** The heading's text; `''` for the text before the first heading. */
  heading: string;
  /** The heading's level, 1–3; 0 for the text before the first heading. */
  level: 0 | 1 | 2 | 3;
  /** The heading block's key, when it has one. */
  key?: string;
  /** The heading's anchor (`data.id`), when it has one. */
  anchor?: string;
  /** The blocks up to the next heading, one line each. */
  text: string;
}

export interface TextOptions {
  /**
   * Leave out the content of `if` blocks (adaptive content): a search index that visitors query
   * must not hold text that some of them may not see.
   */
  withoutConditional?: boolean;
}

interface TextLine {
  block: DocumentBlock;
  text: string;
}

/** The page's text: one line per block of text, in reading order, blank lines left out. */
export function documentText(document: Document): string {
  return textLines(document)
    .map((line) => line.text)
    .join('\n');
}

/**
 * The page cut at its headings (at any depth, say a heading inside tabs): each heading with the
 * text up to the next one. The text before the first heading is a section with level 0, left out
 * when there is none; a heading with nothing under it is kept (its title is worth finding).
 */
export function documentSections(document: Document, options: TextOptions = {}): DocumentSection[] {
  const sections: Array<DocumentSection & { lines: string[] }> = [{ heading: '', level: 0, text: '', lines: [] }];
  for (const { block, text } of textLines(document, options)) {
    const level = headingLevel(block);
    if (level === undefined) {
      sections[sections.length - 1].lines.push(text);
      continue;
    }
    const { id } = (block.data ?? {}) as { id?: unknown };
    sections.push({
      heading: text,
      level,
      ...(typeof block.key === 'string' ? { key: block.key } : {}),
      ...(typeof id === 'string' && id !== '' ? { anchor: id } : {}),
      text: '',
      lines: [],
    });
  }
  return sections
    .filter((section) => section.level > 0 || section.lines.length > 0)
    .map(({ lines, ...section }) => ({ ...section, text: lines.join('\n') }));
}

function textLines(document: Document, options: TextOptions = {}): TextLine[] {
  const lines: TextLine[] = [];
  const add = (block: DocumentBlock, text: string) => {
    if (text.trim() !== '') lines.push({ block, text });
  };
  walkDocument(document, (node) => {
    if (node.object === 'fragment') return;
    if (node.object !== 'block') return false;
    if (options.withoutConditional && node.type === 'if') return false;
    if (holdsInlines(node)) {
      add(node, inlineText(node.nodes));
      return false;
    }
    if (node.type === 'table') for (const title of columnTitles(node)) add(node, title);
    // A hand-written API operation (`{% swagger %}`): its descriptions are the page's prose too.
    if (node.type === 'swagger') for (const { text } of inlineSpecProse(node)?.texts ?? []) add(node, text);
  });
  return lines;
}

function headingLevel(block: DocumentBlock): 1 | 2 | 3 | undefined {
  switch (block.type as string) {
    case 'heading-1':
      return 1;
    case 'heading-2':
      return 2;
    case 'heading-3':
      return 3;
    default:
      return undefined;
  }
}

/** A block whose children are text and inlines (paragraph, heading, code line, ...), not blocks. */
function holdsInlines(block: DocumentBlock): block is DocumentBlock & { nodes: DocumentNode[] } {
  const { nodes } = block as { nodes?: unknown };
  return Array.isArray(nodes) && nodes.some((child: { object?: unknown } | null) => child?.object === 'text' || child?.object === 'inline');
}

/** Text of inline content: leaves' text, a link's text, a button's label; inline images have none. */
function inlineText(nodes: readonly unknown[]): string {
  let text = '';
  for (const node of nodes) {
    if (typeof node !== 'object' || node === null) continue;
    const {
      object,
      type,
      data,
      leaves,
      nodes: children,
    } = node as { object?: unknown; type?: unknown; data?: { label?: unknown }; leaves?: unknown; nodes?: unknown };
    if (object === 'inline' && type === 'button' && typeof data?.label === 'string') {
      text += data.label;
    } else if (object === 'text' && Array.isArray(leaves)) {
      for (const leaf of leaves as Array<{ text?: unknown } | null>) if (typeof leaf?.text === 'string') text += leaf.text;
    } else if (object === 'inline' && Array.isArray(children)) {
      text += inlineText(children);
    }
  }
  return text;
}

/** Column titles in the order the table shows them. */
function columnTitles(table: TableBlock): string[] {
  const { view, definition } = table.data ?? {};
  if (!Array.isArray(view?.columns) || typeof definition !== 'object' || definition === null) return [];
  return view.columns
    .map((id) => (Object.hasOwn(definition, id) ? definition[id]?.title : undefined))
    .filter((title): title is string => typeof title === 'string');
}
