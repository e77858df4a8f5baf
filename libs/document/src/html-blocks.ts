// HTML that GitBook writes into Markdown pages, read with htmlparser2 (a tolerant, fast, CommonJS
// parser: no ESM transform needed in the jest configs of the apps that use this library) and turned
// into the mdast nodes it stands for: `<table>` → a table, `<figure>`/`<img>`/`<picture>` (inside an
// optional `<div align>`) → an image paragraph, `<pre>` → a code block. Inline markup inside them
// (`<strong>`, `<a>`, `<br>`, `<mark>`, `<kbd>`, ...) becomes mdast phrasing; tags that carry a mark
// the mdast model has no node for stay `html` open/close nodes around their content, which
// MarkdownToDocument reads as marks, exactly as it does for inline HTML in running text.
import { DomUtils, parseDOM } from 'htmlparser2';
import type { BlockContent, Code, Image, List, Paragraph, PhrasingContent, RootContent, Table, TableCell, TableRow } from 'mdast';
import type { ImageOptions, TableOptions, TextAlign } from './gitbook-mdast';

type HtmlNode = ReturnType<typeof parseDOM>[number];
type HtmlElement = Extract<HtmlNode, { attribs: Record<string, string> }>;

/** Inline tags kept as `html` open/close nodes around their content (read as marks or inlines later). */
const KEPT_INLINE_TAGS = new Set(['mark', 'kbd', 'sup', 'sub', 'span']);

/** Elements that start a line of their own when met inside inline content. */
const BLOCK_LEVEL_TAGS = new Set([
  'p',
  'div',
  'li',
  'tr',
  'table',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'dt',
  'dd',
  'figure',
]);

/** The mdast node(s) a flow HTML node stands for; `undefined` when it is not one GitBook construct. */
export function htmlFlow(html: string): RootContent[] | undefined {
  const first = html.charCodeAt(1) | 0x20; // a cheap filter before parsing: t(able) f(igure) i(mg) p(icture|re) d(iv) h(1-6)
  if (html.charCodeAt(0) !== 60 || !'tfipdh'.includes(String.fromCharCode(first))) return undefined;
  const nodes = significant(parseDOM(html, { lowerCaseAttributeNames: true }));
  if (nodes.length !== 1 || !DomUtils.isTag(nodes[0])) return undefined;
  const element = nodes[0];
  switch (element.name) {
    case 'table':
      return tableNode(element);
    case 'pre':
      return [preNode(element)];
    case 'figure':
    case 'img':
    case 'picture':
      return imageParagraph([element], undefined);
    case 'div': {
      // `<div align>` aligns the images inside it; `<div data-with-frame="true">` frames them.
      const align = element.attribs.align;
      const framed = element.attribs['data-with-frame'] === 'true';
      const inner = significant(element.children);
      const aligned = align === 'left' || align === 'center' || align === 'right';
      if ((align !== undefined && !aligned) || (!aligned && !framed) || inner.length === 0) return undefined;
      if (!inner.every((node) => DomUtils.isTag(node) && ['figure', 'img', 'picture'].includes(node.name))) return undefined;
      return imageParagraph(inner as HtmlElement[], aligned ? align : undefined, framed);
    }
    case 'p':
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6':
      return alignedText(element);
    default:
      return undefined;
  }
}

/** GitBook's aligned heading or paragraph, `<h3 align="center">…</h3>`, `<p align="center">…</p>`. */
function alignedText(element: HtmlElement): RootContent[] | undefined {
  const align = element.attribs.align;
  if (!TEXT_ALIGNMENTS.has(align) || element.children.some((node) => DomUtils.isTag(node) && BLOCK_LEVEL_TAGS.has(node.name)))
    return undefined;
  const children = trimBreaks(phrasing(element.children));
  if (element.name === 'p') return [{ type: 'paragraph', children, data: { align: align as TextAlign } }];
  const depth = Number(element.name[1]) as 1 | 2 | 3 | 4 | 5 | 6;
  return [{ type: 'heading', depth, children, data: { align: align as TextAlign } }];
}

const TEXT_ALIGNMENTS = new Set(['left', 'center', 'right']);

/** Children without whitespace-only text and comments. */
function significant(nodes: HtmlNode[]): HtmlNode[] {
  return nodes.filter((node) => (DomUtils.isText(node) ? node.data.trim() !== '' : DomUtils.isTag(node)));
}

function imageParagraph(elements: HtmlElement[], align: ImageOptions['align'], framed = false): RootContent[] | undefined {
  const images: PhrasingContent[] = [];
  for (const element of elements) {
    const image = imageOf(element);
    if (!image) return undefined;
    if (align) image.data = { ...image.data, gitbook: { ...image.data?.gitbook, align } };
    if (framed) image.data = { ...image.data, gitbook: { ...image.data?.gitbook, framed } };
    if (images.length > 0) images.push({ type: 'text', value: ' ' });
    images.push(image);
  }
  const paragraph: Paragraph = { type: 'paragraph', children: images };
  return [paragraph];
}

/** `<figure>` (with `<img>` or `<picture>`, and `<figcaption>`), `<picture>` or `<img>` → an image with its options. */
function imageOf(element: HtmlElement): Image | undefined {
  let img: HtmlElement | undefined;
  let dark: string | undefined;
  let caption = '';
  const visit = (node: HtmlElement): void => {
    if (node.name === 'img') img ??= node;
    else if (node.name === 'source' && /prefers-color-scheme:\s*dark/i.test(node.attribs.media ?? '')) dark = firstSrc(node.attribs.srcset);
    else if (node.name === 'figcaption') caption = DomUtils.textContent(node).replace(/\s+/g, ' ').trim();
    else for (const child of node.children) if (DomUtils.isTag(child)) visit(child);
  };
  visit(element);
  if (!img?.attribs.src) return undefined;
  const options: ImageOptions = {};
  const width = length(img.attribs.width);
  if (width !== undefined) options.width = width;
  if (dark) options.dark = dark;
  return { type: 'image', url: img.attribs.src, alt: img.attribs.alt || null, title: caption || null, data: { gitbook: options } };
}

function firstSrc(srcset: string | undefined): string | undefined {
  return srcset?.trim().split(/\s+/)[0] || undefined;
}

/** `width="563"` → 563, `width="50%"` → {value: 50, unit: '%'} (official `Length`). */
export function length(value: string | undefined): ImageOptions['width'] {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(px|%|em|rem|vw)?\s*$/.exec(value ?? '');
  if (!match) return undefined;
  const number = Number(match[1]);
  return !match[2] || match[2] === 'px' ? number : { value: number, unit: match[2] };
}

function preNode(element: HtmlElement): Code {
  const code = element.children.find((child): child is HtmlElement => DomUtils.isTag(child) && child.name === 'code');
  const classes = `${element.attribs.class ?? ''} ${code?.attribs.class ?? ''}`;
  const lang = /\b(?:language|lang)-([\w+#-]+)/.exec(classes)?.[1] ?? null;
  // GitBook's `<pre>` may hold highlighting or `<strong>` lines (highlighted lines): the code is
  // the text, `<br>` a line end.
  const strong: Array<[number, number]> = [];
  let value = '';
  const visit = (node: HtmlNode): void => {
    if (DomUtils.isText(node)) value += node.data;
    else if (DomUtils.isTag(node) && node.name === 'br') value += '\n';
    else if (DomUtils.isTag(node)) {
      const start = value.length;
      node.children.forEach(visit);
      if (node.name === 'strong' && value.length > start) strong.push([start, value.length]);
    }
  };
  visit(element);
  const leading = value.startsWith('\n') ? 1 : 0;
  const source = value.slice(leading).replace(/\n$/, '');
  const highlighted: number[] = [];
  let offset = leading;
  source.split('\n').forEach((line, index) => {
    const end = offset + line.length;
    // A line is highlighted when a `<strong>` holds its text (or, for an empty line, its line end).
    if (strong.some(([from, to]) => from <= offset && (to > end || (to === end && line.length > 0)))) highlighted.push(index);
    offset = end + 1;
  });
  return { type: 'code', lang, meta: null, value: source, ...(highlighted.length > 0 ? { data: { gitbook: { highlighted } } } : {}) };
}

function tableNode(table: HtmlElement): RootContent[] | undefined {
  const rows = DomUtils.getElementsByTagName('tr', table, true).filter((row) => closestTable(row) === table);
  if (rows.length === 0) return undefined;
  const tableRows = rows.map(
    (row): TableRow => ({
      type: 'tableRow',
      children: row.children
        .filter((cell): cell is HtmlElement => DomUtils.isTag(cell) && (cell.name === 'td' || cell.name === 'th'))
        .map((cell): TableCell => {
          const blocks = cellBlocks(cell.children);
          return { type: 'tableCell', children: cellContent(cell.children), ...(blocks ? { data: { blocks } } : {}) };
        }),
    }),
  );
  const width = Math.max(...tableRows.map((row) => row.children.length));
  for (const row of tableRows) while (row.children.length < width) row.children.push({ type: 'tableCell', children: [] });
  const header = rows[0].children.filter((cell): cell is HtmlElement => DomUtils.isTag(cell) && (cell.name === 'td' || cell.name === 'th'));
  const align = header.map((cell) => {
    const value = (cell.attribs.align ?? /text-align:\s*(\w+)/.exec(cell.attribs.style ?? '')?.[1] ?? '').toLowerCase();
    return value === 'center' || value === 'right' ? value : null;
  });
  const node: Table = { type: 'table', align, children: tableRows };
  const options = tableOptions(table, header);
  if (options) node.data = { gitbook: options };
  return [node];
}

/** Widths, hidden columns and the cards view of a GitBook `<table>`; undefined when it has none. */
function tableOptions(table: HtmlElement, header: HtmlElement[]): TableOptions | undefined {
  const has = (element: HtmlElement, name: string): boolean => element.attribs[name] !== undefined;
  const columns = header.map((cell) => {
    const column: TableOptions['columns'][number] = {};
    const width = Number(cell.attribs.width);
    if (cell.attribs.width && Number.isFinite(width)) column.width = width;
    if (has(cell, 'data-hidden')) column.hidden = true;
    if (has(cell, 'data-card-target')) column.cardTarget = true;
    if (has(cell, 'data-card-cover')) column.cardCover = true;
    if (cell.attribs['data-type']) column.dataType = cell.attribs['data-type'];
    return column;
  });
  const options: TableOptions = { columns };
  if (table.attribs['data-view'] === 'cards') options.view = 'cards';
  if (table.attribs['data-card-size'] === 'large') options.cardSize = 'large';
  const fullWidth = table.attribs['data-full-width'];
  if (fullWidth === 'true' || fullWidth === 'false') options.fullWidth = fullWidth === 'true';
  if (has(table, 'data-column-title-hidden')) options.columnTitleHidden = true;
  if (has(table, 'data-header-hidden')) options.headerHidden = true;
  const any = Object.keys(options).length > 1 || columns.some((column) => Object.keys(column).length > 0);
  return any ? options : undefined;
}

const HEADING = /^h[1-6]$/;

/**
 * The blocks of a Markdown table cell GitBook wrote as HTML blocks (`<p>…</p><p>…</p>`,
 * `<ul><li>…</li></ul>`: a cell holding several paragraphs or a list); undefined for any other cell.
 */
export function markdownCellBlocks(raw: string): BlockContent[] | undefined {
  if (!CELL_BLOCKS.test(raw)) return undefined;
  return cellBlocks(parseDOM(raw, { lowerCaseAttributeNames: true }));
}

const CELL_BLOCKS = /^\s*<(p|ul|ol)>[\s\S]*<\/(p|ul|ol)>\s*$/i;

/** The blocks of a cell holding `<p>`, `<ul>`, `<ol>` or headings; undefined for a cell of inline content only. */
function cellBlocks(nodes: HtmlNode[]): BlockContent[] | undefined {
  if (!nodes.some((node) => DomUtils.isTag(node) && (['p', 'ul', 'ol'].includes(node.name) || HEADING.test(node.name)))) return undefined;
  const blocks: BlockContent[] = [];
  let run: HtmlNode[] = [];
  const flush = (): void => {
    const children = trimBreaks(phrasing(run));
    if (children.length > 0) blocks.push({ type: 'paragraph', children });
    run = [];
  };
  for (const node of nodes) {
    if (DomUtils.isTag(node) && (node.name === 'ul' || node.name === 'ol')) {
      flush();
      blocks.push(listNode(node));
    } else if (DomUtils.isTag(node) && HEADING.test(node.name)) {
      flush();
      const depth = Math.min(Number(node.name[1]), 6) as 1 | 2 | 3 | 4 | 5 | 6;
      blocks.push({ type: 'heading', depth, children: trimBreaks(phrasing(node.children)) });
    } else if (DomUtils.isTag(node) && node.name === 'p') {
      flush();
      run = node.children;
      flush();
    } else run.push(node);
  }
  flush();
  return blocks;
}

function listNode(element: HtmlElement): List {
  const ordered = element.name === 'ol';
  const start = Number(element.attribs.start);
  const items = element.children.filter((child): child is HtmlElement => DomUtils.isTag(child) && child.name === 'li');
  return {
    type: 'list',
    ordered,
    start: ordered ? (Number.isInteger(start) ? start : 1) : null,
    spread: false,
    children: items.map((item) => ({ type: 'listItem', spread: false, children: cellBlocks(item.children) ?? paragraphOf(item.children) })),
  };
}

function paragraphOf(nodes: HtmlNode[]): BlockContent[] {
  const children = trimBreaks(phrasing(nodes));
  return children.length > 0 ? [{ type: 'paragraph', children }] : [];
}

function closestTable(node: HtmlElement): HtmlElement | undefined {
  let parent = node.parent;
  while (parent && !(DomUtils.isTag(parent) && parent.name === 'table')) parent = parent.parent;
  return parent as HtmlElement | undefined;
}

/** A cell's inline content; its paragraphs (`<p>`) and `<br>` become line breaks. */
function cellContent(nodes: HtmlNode[]): PhrasingContent[] {
  return trimBreaks(phrasing(nodes));
}

function trimBreaks(nodes: PhrasingContent[]): PhrasingContent[] {
  let start = 0;
  let end = nodes.length;
  while (start < end && nodes[start].type === 'break') start++;
  while (end > start && nodes[end - 1].type === 'break') end--;
  return nodes.slice(start, end);
}

/** HTML inline content → mdast phrasing (whitespace collapsed as a browser would). */
export function phrasing(nodes: HtmlNode[]): PhrasingContent[] {
  const result: PhrasingContent[] = [];
  for (const node of nodes) {
    if (DomUtils.isText(node)) {
      const value = node.data.replace(/\s+/g, ' ');
      if (value) result.push({ type: 'text', value });
      continue;
    }
    if (!DomUtils.isTag(node)) continue;
    const children = (): PhrasingContent[] => phrasing(node.children);
    switch (node.name) {
      case 'br':
        result.push({ type: 'break' });
        break;
      case 'td':
      case 'th':
        // A table nested in a cell: its cells are read side by side, its rows one per line.
        if (result.length > 0 && result[result.length - 1].type !== 'break') result.push({ type: 'text', value: ' ' });
        result.push(...children());
        break;
      case 'strong':
      case 'b':
        result.push({ type: 'strong', children: children() });
        break;
      case 'i':
        // GitBook's icon, `<i class="fa-rocket">:rocket:</i>`: kept as tags, read as an icon later.
        if (/^fa-[\w-]+$/.test(node.attribs.class ?? '')) {
          result.push({ type: 'html', value: openTag(node) }, ...children(), { type: 'html', value: '</i>' });
          break;
        }
        result.push({ type: 'emphasis', children: children() });
        break;
      case 'em':
        result.push({ type: 'emphasis', children: children() });
        break;
      case 's':
      case 'del':
      case 'strike':
        result.push({ type: 'delete', children: children() });
        break;
      case 'code':
        result.push({ type: 'inlineCode', value: DomUtils.textContent(node) });
        break;
      case 'a':
        if (node.attribs.id && node.children.length === 0) {
          // A heading's anchor (`<h2>Title <a href="#id" id="id"></a></h2>`): kept as tags, read as the heading's id.
          result.push({ type: 'html', value: openTag(node) }, { type: 'html', value: '</a>' });
        } else if (node.attribs.href) {
          // `<a data-mention href>`: GitBook's mention, as its Markdown form (a link titled "mention").
          const title = node.attribs['data-mention'] === undefined ? null : 'mention';
          result.push({ type: 'link', url: node.attribs.href, title, children: children() });
        } else result.push(...children());
        break;
      case 'img':
      case 'picture': {
        // An image in a line of text: its `data-size`, and a `<picture>`'s dark variant.
        const image = imageOf(node);
        if (!image) break;
        const size = (node.name === 'img' ? node : DomUtils.findOne((child) => child.name === 'img', node.children))?.attribs['data-size'];
        if (size === 'line' || size === 'original') image.data = { gitbook: { ...image.data?.gitbook, size } };
        image.title = null;
        result.push(image);
        break;
      }
      default:
        if (BLOCK_LEVEL_TAGS.has(node.name)) {
          // A block inside a cell or caption: a line of its own.
          if (result.length > 0 && result[result.length - 1].type !== 'break') result.push({ type: 'break' });
          result.push(...children(), { type: 'break' });
        } else if (KEPT_INLINE_TAGS.has(node.name)) {
          result.push({ type: 'html', value: openTag(node) }, ...children(), { type: 'html', value: `</${node.name}>` });
        } else {
          result.push(...children());
        }
    }
  }
  return result;
}

function openTag(element: HtmlElement): string {
  const attributes = Object.entries(element.attribs).map(([name, value]) =>
    value === '' ? ` ${name}` : ` ${name}="${value.replace(/"/g, '&quot;')}"`,
  );
  return `<${element.name}${attributes.join('')}>`;
}
