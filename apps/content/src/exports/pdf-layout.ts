import type { ContentRef, DocumentBlock, DocumentFragment, ImageBlock, InlineContent, TableBlock } from '@bindery/document';

/** A piece of text with one style: what a line of the PDF is made of. */
export interface TextRun {
  text: string;
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
  strike?: boolean;
  /** An http(s) URL the run links to. */
  link?: string;
}

/**
 * What the PDF writer draws, independent of the PDF library: the page body reduced to a few
 * kinds of blocks. List items are paragraphs with a marker; containers (quotes, hints) keep their
 * children so the writer can frame them.
 */
export type LayoutBlock =
  | { kind: 'heading'; level: 1 | 2 | 3; runs: TextRun[] }
  | { kind: 'paragraph'; runs: TextRun[]; indent: number; marker?: string }
  | { kind: 'code'; lines: string[]; title?: string; indent: number }
  | { kind: 'quote'; blocks: LayoutBlock[] }
  | { kind: 'hint'; style: string; blocks: LayoutBlock[] }
  | { kind: 'table'; header?: TextRun[][]; rows: TextRun[][][] }
  | { kind: 'image'; fileId?: string; caption: string; indent: number }
  | { kind: 'divider' };

/** A document node as stored: known types are walked, anything else gives up its text. */
type AnyNode = Record<string, unknown>;

/** Lays out a page body (a `Document`'s `nodes`) block by block. */
export function layoutDocument(nodes: readonly unknown[]): LayoutBlock[] {
  return blocks(nodes as DocumentBlock[], 0);
}

function blocks(nodes: readonly DocumentBlock[], indent: number): LayoutBlock[] {
  return nodes.flatMap((node) => block(node, indent));
}

function block(node: DocumentBlock, indent: number): LayoutBlock[] {
  switch (node.type) {
    case 'paragraph':
      return [{ kind: 'paragraph', runs: inlines(node.nodes), indent }];
    case 'heading-1':
    case 'heading-2':
    case 'heading-3':
      return [{ kind: 'heading', level: Number(node.type.slice(-1)) as 1 | 2 | 3, runs: inlines(node.nodes) }];
    case 'list-ordered': {
      const start = node.data?.start ?? 1;
      return node.nodes.flatMap((item, i) => listItem(item, indent, `${start + i}.`));
    }
    case 'list-unordered':
      return node.nodes.flatMap((item) => listItem(item, indent, '•'));
    case 'list-tasks':
      return node.nodes.flatMap((item) => listItem(item, indent, item.data?.checked ? '[x]' : '[ ]'));
    case 'list-item':
      return listItem(node, indent, '•');
    case 'divider':
      return [{ kind: 'divider' }];
    case 'blockquote':
      return [{ kind: 'quote', blocks: blocks(node.nodes, 0) }];
    case 'hint':
      return [{ kind: 'hint', style: node.data?.style ?? 'info', blocks: blocks(node.nodes, 0) }];
    case 'code':
      return [{ kind: 'code', lines: node.nodes.map((line) => plainText(line)), title: node.data?.title, indent }];
    case 'code-line':
      return [{ kind: 'code', lines: [plainText(node)], indent }];
    case 'images':
      return node.nodes.flatMap((image) => imageBlock(image, indent));
    case 'image':
      return imageBlock(node, indent);
    case 'embed':
      return [{ kind: 'paragraph', runs: [linkRun(node.data.url, node.data.url)], indent }];
    case 'content-ref':
      return [{ kind: 'paragraph', runs: [refRun(node.data.ref)], indent }];
    case 'tabs':
      return node.nodes.flatMap((tab) => [
        { kind: 'paragraph' as const, runs: [{ text: tab.data?.title || 'Tab', bold: true }], indent },
        ...blocks(tab.nodes, indent),
      ]);
    case 'tabs-item':
      return [{ kind: 'paragraph', runs: [{ text: node.data?.title || 'Tab', bold: true }], indent }, ...blocks(node.nodes, indent)];
    case 'expandable': {
      const title = fragment(node.fragments, 'expandable-title');
      const body = fragment(node.fragments, 'expandable-body');
      const summary = title ? fragmentRuns(title) : [];
      return [
        ...(summary.length > 0 ? [{ kind: 'paragraph' as const, runs: summary.map((r) => ({ ...r, bold: true })), indent }] : []),
        ...blocks(body?.nodes ?? [], indent + 1),
      ];
    }
    case 'table':
      return [table(node)];
    case 'math':
      // No TeX typesetting in the PDF writer: the formula as its source, like code.
      return [{ kind: 'code', lines: node.data.formula.split('\n'), indent }];
    case 'prompt':
    case 'stepper':
    case 'stepper-step':
    case 'columns':
    case 'column':
    case 'if':
    case 'updates':
    case 'update':
      // Containers from GitBook's Liquid blocks: their content, in order.
      return blocks(node.nodes, indent);
    case 'swagger':
    case 'openapi-operation':
    case 'file':
    case 'reusable-content':
    case 'integration':
      return unknownBlock(node, indent);
    default:
      return unknownBlock(node, indent);
  }
}

function listItem(item: DocumentBlock, indent: number, marker: string): LayoutBlock[] {
  const children = 'nodes' in item && Array.isArray(item.nodes) ? (item.nodes as DocumentBlock[]) : [];
  const [first, ...rest] = children;
  // The marker sits before the item's first paragraph; an item starting with something else gets its own marker line.
  if (first?.type === 'paragraph') {
    return [{ kind: 'paragraph', runs: inlines(first.nodes), indent: indent + 1, marker }, ...blocks(rest, indent + 1)];
  }
  return [{ kind: 'paragraph', runs: [], indent: indent + 1, marker }, ...blocks(children, indent + 1)];
}

function imageBlock(image: ImageBlock, indent: number): LayoutBlock[] {
  const caption = fragmentRuns(fragment(image.fragments, 'caption'))
    .map((r) => r.text)
    .join('');
  const text = caption || image.data?.alt || '';
  const ref = image.data?.ref;
  return [{ kind: 'image', fileId: ref?.kind === 'file' ? ref.file : undefined, caption: text || describeRef(ref), indent }];
}

function table(node: TableBlock): LayoutBlock {
  const { view, records, definition } = node.data ?? { view: { columns: [], hideHeader: true }, records: {}, definition: {} };
  const fragments = new Map((node.fragments ?? []).map((f) => [f.fragment, f]));
  const columns = (view?.columns ?? []).map((id) => definition?.[id]).filter((column) => column !== undefined);
  const rows = Object.values(records ?? {})
    .sort((a, b) => (a.orderIndex < b.orderIndex ? -1 : a.orderIndex > b.orderIndex ? 1 : 0))
    .map((record) =>
      columns.map((column): TextRun[] => {
        const value: unknown = record.values?.[column.id];
        const cell = typeof value === 'string' ? fragments.get(value) : undefined;
        if (cell) return fragmentRuns(cell);
        const scalar = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
        return scalar ? [{ text: String(value) }] : [];
      }),
    );
  const header = view?.hideHeader ? undefined : columns.map((column) => [{ text: column.title ?? '', bold: true }]);
  return { kind: 'table', header, rows };
}

/** A block this walker does not know (OpenAPI, drawings, integrations...): its text, as a paragraph. */
function unknownBlock(node: object, indent: number): LayoutBlock[] {
  const text = plainText(node).trim();
  return text ? [{ kind: 'paragraph', runs: [{ text }], indent }] : [];
}

/** The runs of a fragment's blocks, paragraphs separated by a line break. */
function fragmentRuns(f: DocumentFragment | undefined): TextRun[] {
  if (!f) return [];
  return f.nodes.flatMap((b, i): TextRun[] => {
    const runs = b.type === 'paragraph' ? inlines(b.nodes) : [{ text: plainText(b) }];
    return i === 0 ? runs : [{ text: '\n' }, ...runs];
  });
}

function fragment(fragments: DocumentFragment[] | undefined, name: string): DocumentFragment | undefined {
  return fragments?.find((f) => f.fragment === name);
}

/** Inline content as styled runs; links keep their URL when it is a web address. */
export function inlines(nodes: readonly InlineContent[] | undefined, link?: string): TextRun[] {
  const out: TextRun[] = [];
  for (const node of nodes ?? []) {
    if (node.object === 'text') {
      for (const leaf of node.leaves ?? []) {
        if (!leaf.text) continue;
        const marks = new Set((leaf.marks ?? []).map((m) => m.type));
        out.push(run(leaf.text, marks, link));
      }
    } else if (node.type === 'inline-image') {
      const alt = node.data?.alt || node.data?.caption;
      if (alt) out.push({ text: `[${alt}]`, italic: true });
    } else if (node.type === 'link') {
      out.push(...inlines(node.nodes, webUrl(node.data?.ref) ?? link));
    } else if (node.type === 'inline-math') {
      out.push({ text: node.data.formula, code: true });
    } else {
      const text = plainText(node);
      if (text) out.push({ text });
    }
  }
  return out;
}

function run(text: string, marks: Set<string>, link: string | undefined): TextRun {
  const out: TextRun = { text };
  if (marks.has('bold')) out.bold = true;
  if (marks.has('italic')) out.italic = true;
  if (marks.has('code')) out.code = true;
  if (marks.has('strikethrough')) out.strike = true;
  if (link) out.link = link;
  return out;
}

function linkRun(text: string, url: string): TextRun {
  const link = /^https?:\/\//i.test(url) ? url : undefined;
  return link ? { text, link } : { text };
}

function refRun(ref: ContentRef | undefined): TextRun {
  const url = webUrl(ref);
  return url ? { text: url, link: url } : { text: describeRef(ref), italic: true };
}

function webUrl(ref: ContentRef | undefined): string | undefined {
  return ref?.kind === 'url' && /^https?:\/\//i.test(ref.url) ? ref.url : undefined;
}

function describeRef(ref: ContentRef | undefined): string {
  switch (ref?.kind) {
    case undefined:
      return '[image]';
    case 'url':
      return ref.url;
    case 'file':
      return `[file ${ref.file}]`;
    case 'page':
      return `[page ${ref.page}]`;
    case 'anchor':
      return `[#${ref.anchor}]`;
  }
  // Other kinds of reference (users, OpenAPI specs...) exist in stored documents.
  return '[image]';
}

/** Every text leaf below a node (its nodes and its fragments), in order. */
export function plainText(node: object): string {
  const n = node as AnyNode;
  if (n.object === 'leaf') return typeof n.text === 'string' ? n.text : '';
  const parts: string[] = [];
  for (const key of ['leaves', 'nodes', 'fragments'] as const) {
    const children = n[key];
    if (Array.isArray(children))
      for (const child of children) if (child && typeof child === 'object') parts.push(plainText(child as AnyNode));
  }
  // Sibling blocks are separate lines of text; inline pieces join as they are.
  const separator = n.object === 'document' || n.object === 'fragment' || isContainer(n) ? '\n' : '';
  return parts.filter((p) => p !== '').join(separator);
}

function isContainer(n: AnyNode): boolean {
  const children = n.nodes;
  return n.object === 'block' && Array.isArray(children) && children.some((c) => (c as AnyNode)?.object === 'block');
}
