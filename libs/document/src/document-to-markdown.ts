// Document → mdast. Marks live on text leaves in the document but nest in Markdown, so runs of
// leaves sharing a mark are wrapped together (longest run first) to write the fewest delimiters.
import type {
  AlignType,
  BlockContent,
  Heading,
  List,
  ListItem,
  Paragraph,
  PhrasingContent,
  RootContent,
  Table,
  TableCell,
  TableRow,
} from 'mdast';
import type {
  ContentRef,
  DocumentBlock,
  DocumentMark,
  DocumentFragment,
  DocumentText,
  ExpandableBlock,
  ImageBlock,
  InlineContent,
  InlineImage,
  MarkType,
  TableBlock,
  TableRecord,
  TextAlignment,
} from './document.types';
import { isContainerCloser, officialHintStyle } from './gitbook-blocks';
import { liquidBlockToMdast } from './liquid-blocks';
import { splitLiquidLine } from './liquid-tags';
import { isUnconverted } from './unconverted';
import { pathLabel } from './path-label';

export interface DocumentToMarkdownOptions {
  /**
   * URL to write for a reference that is not a plain URL (a page, a file, an anchor). The default
   * writes anchors as `#anchor` and leaves other references without a URL (their text is kept).
   */
  resolveRef?: (ref: ContentRef) => string | undefined;
  /** The path to write in `{% include %}` for a reusable content id; without one, the id as it is. */
  includePath?: (id: string) => string | undefined;
}

/** A mark as a string, so that two colours are two marks: `bold`, `color:red:default`. */
type MarkKey = string;

type Atom =
  | { kind: 'text'; text: string; marks: Set<MarkKey> }
  | { kind: 'link'; url: string | undefined; children: Atom[]; marks: Set<MarkKey> }
  | { kind: 'image'; image: InlineImage; marks: Set<MarkKey> }
  | { kind: 'emoji'; code: string; marks: Set<MarkKey> }
  | { kind: 'html'; html: string; marks: Set<MarkKey> }
  | { kind: 'mention'; url: string; marks: Set<MarkKey> }
  | { kind: 'math'; formula: string; marks: Set<MarkKey> };

const markKey = (mark: DocumentMark): MarkKey =>
  mark.type === 'color' ? `color:${mark.data?.text ?? 'default'}:${mark.data?.background ?? 'default'}` : mark.type;
const isWrapping = (key: MarkKey): boolean => key !== 'code';
/** Marks Markdown has a delimiter for; the others are written as HTML tags, as GitBook does. */
const MDAST_MARKS: Record<string, 'strong' | 'emphasis' | 'delete'> = { bold: 'strong', italic: 'emphasis', strikethrough: 'delete' };
const HTML_TAGS: Record<string, string> = { keyboard: 'kbd', superscript: 'sup', subscript: 'sub', color: 'mark' };
/**
 * Order of nesting when runs are equally long, as GitBook writes them: HTML tags outside Markdown
 * delimiters (`<mark>**a**</mark>`, `<sup>_a_</sup>`), `<sup>`/`<sub>` outside `<mark>`.
 */
const NESTING_ORDER: readonly MarkType[] = ['superscript', 'subscript', 'color', 'keyboard', 'bold', 'italic', 'strikethrough', 'code'];
const MARK_RANK = (key: MarkKey): number => {
  const index = NESTING_ORDER.indexOf(key.split(':')[0] as MarkType);
  return index < 0 ? NESTING_ORDER.length : index;
};

export function defaultResolveRef(ref: ContentRef): string | undefined {
  if (ref.kind === 'url') return ref.url;
  if (ref.kind === 'anchor' && !ref.page && !ref.space) return `#${ref.anchor}`;
  return undefined;
}

export class DocumentToMdast {
  private readonly resolveRef: (ref: ContentRef) => string | undefined;
  private readonly includePath: (id: string) => string | undefined;

  constructor(options: DocumentToMarkdownOptions = {}) {
    this.resolveRef = options.resolveRef ?? defaultResolveRef;
    this.includePath = options.includePath ?? (() => undefined);
  }

  /** Liquid blocks (hint, tabs, stepper, …) being written around the current node. */
  private liquidDepth = 0;

  blocks(nodes: DocumentBlock[]): RootContent[] {
    const result: RootContent[] = [];
    for (let index = 0; index < nodes.length; index++) {
      const node = nodes[index];
      const caption = nodes[index + 1];
      // A file's or embed's caption, the paragraph right after it, goes back between its tags.
      const captioned =
        (node.type === 'file' || node.type === 'embed') &&
        node.data.captionKey !== undefined &&
        caption?.type === 'paragraph' &&
        caption.key === node.data.captionKey;
      const [written] = captioned ? this.block(node) : [];
      if (written?.type === 'liquidBlock' || written?.type === 'embed') {
        const [paragraph] = this.liquidFlow([caption]);
        result.push(
          written.type === 'embed' ? { ...written, caption: paragraph as Paragraph } : { ...written, single: false, children: [paragraph] },
        );
        index += 1;
        continue;
      }
      for (const block of this.block(node)) result.push(block);
    }
    return result;
  }

  /** The content of a Liquid block: a stray closing tag inside it must not be written as a tag. */
  private liquidFlow(nodes: DocumentBlock[]): BlockContent[] {
    this.liquidDepth += 1;
    try {
      return this.flow(nodes);
    } finally {
      this.liquidDepth -= 1;
    }
  }

  private block(node: DocumentBlock): RootContent[] {
    switch (node.type) {
      case 'paragraph': {
        const tagLine = singleTagLine(node.nodes, this.liquidDepth > 0);
        if (tagLine) return [{ type: 'liquidTag', value: tagLine }];
        // Only in a Liquid block (a tab, a hint), where an expandable is opened up.
        const details = this.liquidDepth > 0 ? detailsLine(node.nodes) : undefined;
        if (details) return [{ type: 'html', value: details }];
        const summary = this.liquidDepth > 0 ? summaryLine(node.nodes) : undefined;
        if (summary)
          return [
            {
              type: 'paragraph',
              children: [{ type: 'html', value: '<summary>' }, ...this.phrasing(summary), { type: 'html', value: '</summary>' }],
            },
          ];
        // GitBook writes an aligned paragraph as HTML.
        if (node.data?.align) return [{ type: 'html', value: this.alignedHtml('p', node.data.align, node.nodes, '') }];
        const children = this.phrasing(node.nodes);
        // A hard break ending a paragraph is written `<br>`: a trailing `\` would read back as text.
        const last = children[children.length - 1];
        if (last?.type === 'break') children[children.length - 1] = { type: 'html', value: '<br>' };
        return children.length > 0 ? [{ type: 'paragraph', children }] : [];
      }
      case 'heading-1':
      case 'heading-2':
      case 'heading-3': {
        // GitBook writes an aligned heading as HTML, its anchor inside it.
        if (node.data.align) {
          const anchor = node.data.id ? ` <a href="#${node.data.id}" id="${node.data.id}"></a>` : '';
          return [{ type: 'html', value: this.alignedHtml(`h${headingDepth(node.type)}`, node.data.align, node.nodes, anchor) }];
        }
        const children = this.phrasing(node.nodes);
        // GitBook writes an explicit anchor after the title.
        const id = node.data?.id;
        if (id)
          children.push(
            { type: 'text', value: ' ' },
            { type: 'html', value: `<a href="#${id}" id="${id}">` },
            { type: 'html', value: '</a>' },
          );
        return [{ type: 'heading', depth: headingDepth(node.type), children }];
      }
      case 'list-ordered':
        return [this.list(node.nodes, true, node.data.start ?? 1, false)];
      case 'list-unordered':
        return [this.list(node.nodes, false, null, false)];
      case 'list-tasks':
        return [this.list(node.nodes, false, null, true)];
      case 'list-item':
        return [this.list([node], false, null, false)];
      case 'divider':
        return [{ type: 'thematicBreak' }];
      case 'blockquote':
        return [{ type: 'blockquote', children: this.flow(node.nodes) }];
      case 'code': {
        const value = node.nodes.map((line) => line.nodes.map((text) => text.leaves.map((leaf) => leaf.text).join('')).join('')).join('\n');
        const { syntax, ...gitbook } = node.data;
        // A tag kept as its source on import goes back as that source, except a closing tag inside a
        // Liquid block: written as a tag, it would close that block on the next import.
        if (isUnconverted(node) && !(this.liquidDepth > 0 && /\{%-?\s*end/.test(value))) return [{ type: 'html', value }];
        // Highlighted lines: GitBook writes the block as `<pre>`, each such line in `<strong>`.
        const highlighted = node.nodes.flatMap((line, index) => (line.data?.highlighted ? [index] : []));
        return [
          {
            type: 'code',
            lang: syntax ?? null,
            meta: null,
            value,
            data: { gitbook: { ...gitbook, ...(highlighted.length > 0 ? { highlighted } : {}) } },
          },
        ];
      }
      case 'code-line':
        return this.block({ object: 'block', type: 'code', data: {}, nodes: [node] });
      case 'hint': {
        // A style written as an alias (`tip`) goes back as written while the hint still has the style it maps to.
        const { style, sourceStyle } = node.data;
        const written = sourceStyle !== undefined && officialHintStyle(sourceStyle) === style ? sourceStyle : style;
        return [{ type: 'hint', style: written, icon: node.data.icon, children: this.liquidFlow(node.nodes) }];
      }
      case 'images':
        return this.imageParagraph(node.nodes, node.data.align, node.data.withFrame);
      case 'image':
        return this.imageParagraph([node]);
      case 'embed':
        return [{ type: 'embed', url: node.data.url, fullWidth: node.data.fullWidth }];
      case 'content-ref': {
        const url = this.resolveRef(node.data.ref);
        return url ? [{ type: 'contentRef', url }] : [];
      }
      case 'tabs':
        return [
          {
            type: 'tabs',
            children: node.nodes.map((tab) => ({ type: 'tab', title: tab.data.title ?? '', children: this.liquidFlow(tab.nodes) })),
          },
        ];
      case 'tabs-item':
        return [{ type: 'tabs', children: [{ type: 'tab', title: node.data.title ?? '', children: this.liquidFlow(node.nodes) }] }];
      case 'expandable':
        return [this.expandable(node)];
      case 'math':
        return [{ type: 'math', value: node.data.formula }];
      case 'table':
        return [this.table(node)];
      case 'stepper':
      case 'stepper-step':
      case 'columns':
      case 'column':
      case 'if':
      case 'updates':
      case 'update':
      case 'swagger':
      case 'openapi-operation':
      case 'file':
      case 'integration':
      case 'prompt':
      case 'reusable-content': {
        const liquid = liquidBlockToMdast(node, (nodes) => this.liquidFlow(nodes), this.resolveRef, this.includePath);
        return liquid ? [liquid] : [];
      }
      default:
        // Blocks Markdown cannot express (drawings, integrations, ...) are not written.
        return [];
    }
  }

  /** Block content of a container (the mdast container types only accept flow content). */
  private flow(nodes: DocumentBlock[]): BlockContent[] {
    return this.blocks(nodes) as BlockContent[];
  }

  private list(items: DocumentBlock[], ordered: boolean, start: number | null, tasks: boolean): List {
    const children = items
      .filter((item) => item.type === 'list-item')
      .map((item): ListItem => {
        const checked = item.data?.checked ?? (tasks ? false : undefined);
        const children = this.flow(item.nodes);
        // An item holding more than a line of text and sub-lists is written loose (blank lines
        // between its blocks, content at the next tab stop), as GitBook's export writes it; a table
        // after a line of text needs that blank line anyway, or it would read as its continuation.
        const spread = children.some((child, index) => index > 0 && child.type !== 'list');
        return { type: 'listItem', spread, checked: checked ?? null, children };
      });
    return { type: 'list', ordered, start, spread: false, children };
  }

  private imageParagraph(images: ImageBlock[], align?: string, withFrame?: boolean): RootContent[] {
    // GitBook's export writes a block image as a figure (`<figure><img …><figcaption>…</figcaption></figure>`,
    // in `<div align>` when aligned, `<div data-with-frame="true">` when framed). Several images without
    // options stay a Markdown paragraph of images.
    const options = images.some((image) => image.data.width !== undefined || image.data.refDark);
    if (align || withFrame || images.length === 1 || options) {
      const figures = images.flatMap((image) => this.figure(image) ?? []);
      if (figures.length === 0) return [];
      const attributes = `${align ? ` align="${align}"` : ''}${withFrame ? ' data-with-frame="true"' : ''}`;
      const html = attributes ? `<div${attributes}>${figures.join('')}</div>` : figures.join('');
      return [{ type: 'html', value: html }];
    }
    const children: PhrasingContent[] = [];
    for (const image of images) {
      const url = this.resolveRef(image.data.ref);
      if (url === undefined) continue;
      if (children.length > 0) children.push({ type: 'text', value: ' ' });
      const caption = fragmentText(image.fragments.find((fragment) => fragment.fragment === 'caption'));
      children.push({ type: 'image', url, alt: image.data.alt ?? null, title: caption || null });
    }
    return children.length > 0 ? [{ type: 'paragraph', children }] : [];
  }

  private figure(image: ImageBlock): string | undefined {
    const url = this.resolveRef(image.data.ref);
    if (url === undefined) return undefined;
    const dark = image.data.refDark ? this.resolveRef(image.data.refDark) : undefined;
    const width = image.data.width === undefined ? '' : ` width="${formatLength(image.data.width)}"`;
    const img = `<img src="${escapeAttribute(url)}" alt="${escapeAttribute(image.data.alt ?? '')}"${width}>`;
    const picture = dark ? `<picture><source srcset="${escapeAttribute(dark)}" media="(prefers-color-scheme: dark)">${img}</picture>` : img;
    const caption = escapeText(fragmentText(image.fragments.find((fragment) => fragment.fragment === 'caption')));
    return `<figure>${picture}<figcaption>${caption ? `<p>${caption}</p>` : ''}</figcaption></figure>`;
  }

  private expandable(node: ExpandableBlock): RootContent {
    const title = node.fragments.find((fragment) => fragment.fragment === 'expandable-title');
    const body = node.fragments.find((fragment) => fragment.fragment === 'expandable-body');
    const titleParagraph = title?.nodes.find((block) => block.type === 'paragraph');
    return {
      type: 'expandable',
      open: node.data.defaultExpanded ?? false,
      summary: titleParagraph ? this.phrasing(titleParagraph.nodes) : [],
      children: this.flow(body?.nodes ?? []),
    };
  }

  private table(node: TableBlock): RootContent {
    const { view, records, definition } = node.data;
    const fragments = new Map(node.fragments.map((fragment) => [fragment.fragment, fragment]));
    const rows = Object.values(records).sort((a, b) => (a.orderIndex < b.orderIndex ? -1 : a.orderIndex > b.orderIndex ? 1 : 0));
    if (needsHtml(node, fragments)) return { type: 'html', value: this.htmlTable(node, rows, fragments) };
    const columns = view.columns.map((id) => definition[id]).filter((column) => column !== undefined);
    const cell = (children: PhrasingContent[]): TableCell => ({ type: 'tableCell', children: trimEnds(children) });
    const header: TableRow = {
      type: 'tableRow',
      children: columns.map((column) => cell(column.title ? [{ type: 'text', value: column.title }] : [])),
    };
    const body = rows.map(
      (record): TableRow => ({
        type: 'tableRow',
        children: columns.map((column) => cell(this.cellContent(record.values[column.id], fragments))),
      }),
    );
    const align = columns.map(
      (column): AlignType => (!column.textAlignment || column.textAlignment === 'left' ? null : column.textAlignment),
    );
    return { type: 'table', align, children: [header, ...body] } satisfies Table;
  }

  /**
   * A table as GitBook writes one a Markdown table cannot hold (column widths, hidden columns, a
   * cards view, paragraphs or lists in cells): `<table><thead>…</thead><tbody>…</tbody></table>` on one line.
   */
  private htmlTable(node: TableBlock, rows: TableRecord[], fragments: Map<string, DocumentFragment>): string {
    const { view, definition } = node.data;
    const shown = new Set(view.columns);
    // Shown columns in the view's order, then the hidden ones (a card's target and cover), which
    // GitBook writes last; an object's key order is not kept by every store.
    const columns = [
      ...view.columns.map((id) => definition[id]).filter((column) => column !== undefined),
      ...Object.values(definition).filter((column) => !shown.has(column.id)),
    ];
    // In the order GitBook writes them.
    const tableAttributes = [
      view.type === 'cards' && view.cardSize === 'large' ? ' data-card-size="large"' : '',
      view.type === 'cards' && view.hideColumnTitle ? ' data-column-title-hidden' : '',
      view.type === 'grid' && view.hideHeader ? ' data-header-hidden' : '',
      view.type === 'cards' ? ' data-view="cards"' : '',
      node.data.fullWidth === undefined ? '' : ` data-full-width="${node.data.fullWidth}"`,
    ].join('');
    const headerCells = columns.map((column) => {
      const width = view.type === 'grid' ? view.columnWidths?.[column.id] : undefined;
      const attributes = [
        width === undefined ? '' : ` width="${width}"`,
        column.textAlignment && column.textAlignment !== 'left' ? ` align="${column.textAlignment}"` : '',
        shown.has(column.id) ? '' : ' data-hidden',
        view.type === 'cards' && view.targetDefinition === column.id ? ' data-card-target' : '',
        view.type === 'cards' && view.coverDefinition === column.id ? ' data-card-cover' : '',
        column.type === 'text' ? '' : ` data-type="${column.type}"`,
      ].join('');
      return `<th${attributes}>${escapeText(column.title)}</th>`;
    });
    const bodyRows = rows.map((record) => {
      // GitBook repeats a column's alignment on each of its cells.
      const cells = columns.map((column) => {
        const align = column.textAlignment && column.textAlignment !== 'left' ? ` align="${column.textAlignment}"` : '';
        return `<td${align}>${this.htmlCell(record.values[column.id], column.type, fragments)}</td>`;
      });
      return `<tr>${cells.join('')}</tr>`;
    });
    return `<table${tableAttributes}><thead><tr>${headerCells.join('')}</tr></thead><tbody>${bodyRows.join('')}</tbody></table>`;
  }

  private htmlCell(value: TableRecord['values'][string], type: string, fragments: Map<string, DocumentFragment>): string {
    if (value === null || value === undefined) return '';
    if (typeof value !== 'string' || type !== 'text') {
      const url = typeof value === 'string' ? value : this.resolveRef('ref' in value ? value.ref : value);
      if (url === undefined) return '';
      const label = type === 'image' ? decodeURI(url.split('/').pop() ?? url) : pathLabel(url);
      return `<a href="${escapeAttribute(url)}">${escapeText(label)}</a>`;
    }
    const fragment = fragments.get(value);
    if (!fragment) return escapeText(value);
    const [only] = fragment.nodes;
    if (fragment.nodes.length === 1 && only.type === 'paragraph') return phrasingHtml(this.phrasing(only.nodes, true));
    return this.htmlBlocks(fragment.nodes);
  }

  /** `<p align="center">text</p>`: an aligned paragraph or heading (`start` and `end` as `left` and `right`). */
  private alignedHtml(tag: string, align: TextAlignment, nodes: InlineContent[], after: string): string {
    const html = { start: 'left', center: 'center', end: 'right' }[align];
    return `<${tag} align="${html}">${phrasingHtml(this.phrasing(nodes, true))}${after}</${tag}>`;
  }

  /** Paragraphs and lists of a table cell, as GitBook writes them: `<p>…</p>`, `<ul><li>…</li></ul>`. */
  private htmlBlocks(blocks: DocumentBlock[]): string {
    return blocks
      .map((block): string => {
        // eslint-disable-next-line @typescript-eslint/switch-exhaustiveness-check -- cells hold paragraphs and lists only
        switch (block.type) {
          case 'paragraph':
            return `<p>${phrasingHtml(this.phrasing(block.nodes, true))}</p>`;
          case 'heading-1':
          case 'heading-2':
          case 'heading-3': {
            const tag = `h${headingDepth(block.type)}`;
            const anchor = block.data.id ? ` <a href="#${block.data.id}" id="${block.data.id}"></a>` : '';
            return `<${tag}>${phrasingHtml(this.phrasing(block.nodes, true))}${anchor}</${tag}>`;
          }
          case 'list-ordered':
          case 'list-unordered':
          case 'list-tasks': {
            const tag = block.type === 'list-ordered' ? 'ol' : 'ul';
            const items = block.nodes.map((item) => {
              const [only] = item.nodes;
              const inner =
                item.nodes.length === 1 && only.type === 'paragraph'
                  ? phrasingHtml(this.phrasing(only.nodes, true))
                  : this.htmlBlocks(item.nodes);
              return `<li>${inner}</li>`;
            });
            return `<${tag}>${items.join('')}</${tag}>`;
          }
          default:
            // The other blocks are not read into cells (see ALLOWED_CHILDREN.tableCell).
            return '';
        }
      })
      .join('');
  }

  private cellContent(value: TableRecord['values'][string] | undefined, fragments: Map<string, DocumentFragment>): PhrasingContent[] {
    const fragment = typeof value === 'string' ? fragments.get(value) : undefined;
    const [only] = fragment?.nodes ?? [];
    // Several blocks, or one that is no paragraph: GitBook writes them as HTML blocks in the cell.
    if (fragment && (fragment.nodes.length > 1 || (only && only.type !== 'paragraph')))
      return [{ type: 'html', value: this.htmlBlocks(fragment.nodes) }];
    if (fragment) return this.fragmentPhrasing(fragment);
    if (value !== null && typeof value === 'object') {
      const url = this.resolveRef('ref' in value ? value.ref : value);
      return url === undefined ? [] : [{ type: 'link', url, title: null, children: [{ type: 'text', value: url }] }];
    }
    const scalar = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
    return scalar ? [{ type: 'text', value: String(value) }] : [];
  }

  private fragmentPhrasing(fragment: DocumentFragment): PhrasingContent[] {
    // Several paragraphs in one cell can only be told apart by a line break in a Markdown table.
    const paragraphs = fragment.nodes.filter((block) => block.type === 'paragraph').map((block) => block.nodes);
    const joined = paragraphs.flatMap((nodes, index): InlineContent[] =>
      index === 0 ? nodes : [{ object: 'text', leaves: [{ object: 'leaf', text: '\n', marks: [] }] }, ...nodes],
    );
    return this.phrasing(joined, true);
  }

  phrasing(nodes: InlineContent[], inTableCell = false): PhrasingContent[] {
    return new PhrasingWriter(this.resolveRef, inTableCell).write(nodes.flatMap((node) => this.atoms(node)));
  }

  private atoms(node: InlineContent): Atom[] {
    if (node.object === 'text') {
      return node.leaves.map((leaf) => ({ kind: 'text', text: leaf.text, marks: new Set(leaf.marks.map(markKey)) }));
    }
    if (node.type === 'inline-image') return [{ kind: 'image', image: node, marks: new Set() }];
    if (node.type === 'emoji') return [{ kind: 'emoji', code: node.data.code, marks: new Set() }];
    if (node.type === 'button') {
      // Written as GitBook writes a button; without a URL (an unresolved reference) only its label stays.
      const { label, kind, icon } = node.data;
      const iconAttribute = icon ? ` data-icon="${escapeAttribute(icon)}"` : '';
      if ('action' in node.data) {
        const { action } = node.data;
        const option =
          'slug' in action
            ? ` data-slug="${escapeAttribute(action.slug)}"`
            : action.query
              ? ` data-query="${escapeAttribute(action.query)}"`
              : '';
        const html = `<button type="button" class="button ${kind}" data-action="${action.action}"${option}${iconAttribute}>${escapeText(label)}</button>`;
        return [{ kind: 'html', html, marks: new Set() }];
      }
      const url = this.resolveRef(node.data.ref);
      if (url === undefined) return [{ kind: 'text', text: label, marks: new Set() }];
      const html = `<a href="${escapeAttribute(url)}" class="button ${kind}"${iconAttribute}>${escapeText(label)}</a>`;
      return [{ kind: 'html', html, marks: new Set() }];
    }
    if (node.type === 'mention') {
      const url = this.resolveRef(node.data.ref);
      return url === undefined ? [] : [{ kind: 'mention', url, marks: new Set() }];
    }
    if (node.type === 'icon') return [{ kind: 'html', html: iconTag(node.data.icon, node.data.color), marks: new Set() }];
    if (node.type === 'inline-math') return [{ kind: 'math', formula: node.data.formula, marks: new Set() }];
    const children = node.nodes.flatMap((child) => this.atoms(child));
    const url = this.resolveRef(node.data.ref);
    // GitBook writes a link's marks inside it (`[**text**](url)`); a link left unwritten (no URL) is
    // only its text, whose marks join those of the text around it.
    if (url !== undefined) {
      // A bare URL or e-mail address in bold (`**support@example.com**`, which GFM autolinks on
      // reading) is written bare again inside its marks: `[**…**](…)` would change a file nobody edited.
      const [only] = children;
      if (children.length === 1 && only.kind === 'text' && !only.marks.has('code') && isLiteralLink(only.text, url))
        return [{ kind: 'html', html: only.text, marks: only.marks }];
      return [{ kind: 'link', url, children, marks: new Set() }];
    }
    const textMarks = children.filter((atom) => atom.kind === 'text').map((atom) => atom.marks);
    const [first] = textMarks;
    const shared = new Set([...(first ?? [])].filter((mark) => isWrapping(mark) && textMarks.every((marks) => marks.has(mark))));
    return [{ kind: 'link', url, children, marks: shared }];
  }
}

class PhrasingWriter {
  constructor(
    private readonly resolveRef: (ref: ContentRef) => string | undefined,
    private readonly inTableCell: boolean,
  ) {}

  write(atoms: Atom[], active = new Set<MarkKey>()): PhrasingContent[] {
    const result: PhrasingContent[] = [];
    let index = 0;
    while (index < atoms.length) {
      const mark = this.widestMark(atoms, index, active);
      if (mark) {
        let end = index;
        while (end < atoms.length && atoms[end].marks.has(mark)) end++;
        const inner = this.write(atoms.slice(index, end), new Set([...active, mark]));
        const type = MDAST_MARKS[mark];
        if (type) result.push({ type, children: inner });
        else result.push({ type: 'html', value: openTag(mark) }, ...inner, { type: 'html', value: `</${HTML_TAGS[mark.split(':')[0]]}>` });
        index = end;
      } else {
        result.push(...this.atom(atoms[index], active));
        index++;
      }
    }
    return result;
  }

  /** The not-yet-applied mark of `atoms[index]` that covers the longest run from there. */
  private widestMark(atoms: Atom[], index: number, active: Set<MarkKey>): MarkKey | undefined {
    let best: MarkKey | undefined;
    let bestLength = 0;
    const candidates = [...atoms[index].marks]
      .filter((mark) => isWrapping(mark) && !active.has(mark))
      .sort((a, b) => MARK_RANK(a) - MARK_RANK(b));
    for (const mark of candidates) {
      let end = index;
      while (end < atoms.length && atoms[end].marks.has(mark)) end++;
      if (end - index > bestLength) {
        best = mark;
        bestLength = end - index;
      }
    }
    return best;
  }

  private atom(atom: Atom, active: Set<MarkKey>): PhrasingContent[] {
    switch (atom.kind) {
      case 'emoji':
        return [{ type: 'html', value: emojiSpan(atom.code) }];
      case 'html':
        return [{ type: 'html', value: atom.html }];
      case 'mention':
        // GitBook writes a mention as a link titled "mention" whose text is the target's file or folder name.
        return [{ type: 'link', url: atom.url, title: 'mention', children: [{ type: 'text', value: pathLabel(atom.url) }] }];
      case 'math':
        return [{ type: 'inlineMath', value: atom.formula }];
      case 'text':
        if (atom.marks.has('code')) return [{ type: 'inlineCode', value: atom.text.replace(/\n/g, ' ') }];
        return this.text(atom.text);
      case 'image': {
        const url = this.resolveRef(atom.image.data.ref);
        if (url === undefined) return [];
        const { refDark, size, alt } = atom.image.data;
        const dark = refDark ? this.resolveRef(refDark) : undefined;
        if (size || dark) {
          // As GitBook writes them: `<img … data-size="line">`, in `<picture>` with a dark variant.
          const sizeAttribute = size ? ` data-size="${size}"` : '';
          const img = `<img src="${escapeAttribute(url)}" alt="${escapeAttribute(alt ?? '')}"${sizeAttribute}>`;
          const html = dark
            ? `<picture><source srcset="${escapeAttribute(dark)}" media="(prefers-color-scheme: dark)">${img}</picture>`
            : img;
          return [{ type: 'html', value: html }];
        }
        return [{ type: 'image', url, alt: atom.image.data.alt ?? null, title: atom.image.data.caption ?? null }];
      }
      case 'link': {
        const children = this.write(atom.children, new Set([...active, ...atom.marks]));
        if (atom.url === undefined) return children;
        // A bare URL or e-mail address (GFM autolinks it on reading) is written bare again.
        const [only] = children;
        // Raw, because the writer would escape `:`, `.` and `@` so that it reads back as plain text.
        if (children.length === 1 && only.type === 'text' && isLiteralLink(only.value, atom.url))
          return [{ type: 'html', value: only.value }];
        return [{ type: 'link', url: atom.url, title: null, children }];
      }
    }
  }

  /** "\n" in the document is a hard line break; a table row cannot hold one, so cells use `<br>`. */
  private text(value: string): PhrasingContent[] {
    return value.split('\n').flatMap((part, index): PhrasingContent[] => {
      const lineBreak: PhrasingContent[] = index === 0 ? [] : [this.inTableCell ? { type: 'html', value: '<br>' } : { type: 'break' }];
      return part ? [...lineBreak, ...footnoteMarkers(part)] : lineBreak;
    });
  }
}

/** `[^1]`: a footnote marker (not followed by a link's `(` or `[`), a group of its own. */
const FOOTNOTE_MARKER = /\[\^[^\]\s]+\](?![([])/g;

/**
 * Text with its footnote markers (`[^1]`, `[^1]: text`) written as they are: the document keeps
 * footnotes as their source text, and an escaped `\[^1]` would no longer be one for GitBook.
 * Read back, a marker is the same text again.
 */
function footnoteMarkers(value: string): PhrasingContent[] {
  if (!value.includes('[^')) return [{ type: 'text', value }];
  const result: PhrasingContent[] = [];
  let position = 0;
  for (const match of value.matchAll(FOOTNOTE_MARKER)) {
    if (match.index > position) result.push({ type: 'text', value: value.slice(position, match.index) });
    result.push({ type: 'html', value: match[0] });
    position = match.index + match[0].length;
  }
  if (position < value.length) result.push({ type: 'text', value: value.slice(position) });
  return result;
}

/** Whether a link reads back from its text alone as GFM autolink literals do (`https://…`, `www.…`, an e-mail). */
function isLiteralLink(text: string, url: string): boolean {
  if (/[\s<>]/.test(text)) return false;
  if (url === text && /^https?:\/\/[\w-]+(\.[\w-]+)+/i.test(text)) return !/[.,:;"')\]*_~?!]$/.test(text);
  if (url === `http://${text}` && /^www\.[\w-]+(\.[\w-]+)+/i.test(text)) return !/[.,:;"')\]*_~?!]$/.test(text);
  return url === `mailto:${text}` && /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/.test(text) && !/[-_.]$/.test(text);
}

/** heading-1..3 as GitBook writes them, one level under the page title (`##`..`####`). */
function headingDepth(type: 'heading-1' | 'heading-2' | 'heading-3'): Heading['depth'] {
  return (Number(type.slice(-1)) + 1) as Heading['depth'];
}

function openTag(mark: MarkKey): string {
  const [type, text, background] = mark.split(':');
  if (type !== 'color') return `<${HTML_TAGS[type]}>`;
  const style = [text !== 'default' ? `color:${text};` : '', background !== 'default' ? `background-color:${background};` : ''].join('');
  return style ? `<mark style="${style}">` : '<mark>';
}

/** GitBook's icon: `<i class="fa-rocket" style="color:$primary;">:rocket:</i>`. */
function iconTag(icon: string, color: string | undefined): string {
  const name = icon.replace(/[^\w-]/g, '');
  const style = color && color !== 'default' ? ` style="color:${escapeAttribute(color)};"` : '';
  return `<i class="fa-${name}"${style}>:${name}:</i>`;
}

/** GitBook's emoji: `code` is hex code points joined by `-`. */
function emojiSpan(code: string): string {
  const points = code.split('-').map((part) => Number.parseInt(part, 16));
  const char = points.every((point) => Number.isInteger(point) && point >= 0 && point <= 0x10ffff) ? String.fromCodePoint(...points) : '';
  return `<span data-gb-custom-inline data-tag="emoji" data-code="${code.replace(/[^0-9a-f-]/gi, '')}">${char}</span>`;
}

function formatLength(value: number | { value: number; unit: string }): string {
  return typeof value === 'number' ? String(value) : `${value.value}${value.unit}`;
}

/** Whether a table needs HTML: anything a Markdown table cannot say. */
function needsHtml(node: TableBlock, fragments: Map<string, DocumentFragment>): boolean {
  const { view, definition, fullWidth } = node.data;
  if (view.type === 'cards' || fullWidth !== undefined || view.hideHeader) return true;
  if (view.columnWidths && Object.keys(view.columnWidths).length > 0) return true;
  if (Object.keys(definition).some((id) => !view.columns.includes(id))) return true;
  // Paragraphs, headings and lists in a cell GitBook writes in the Markdown table, as HTML blocks.
  return node.fragments.some((fragment) => fragments.has(fragment.fragment) && !fragment.nodes.every(writableInCell));
}

/** A block GitBook writes inside a Markdown table cell (as `<p>`, `<h2>`, `<ul>`…). */
function writableInCell(block: DocumentBlock): boolean {
  // eslint-disable-next-line @typescript-eslint/switch-exhaustiveness-check -- any other block needs an HTML table
  switch (block.type) {
    case 'paragraph':
    case 'heading-1':
    case 'heading-2':
    case 'heading-3':
      return true;
    case 'list-ordered':
    case 'list-unordered':
    case 'list-tasks':
      return block.nodes.every((item) => item.nodes.every(writableInCell));
    default:
      return false;
  }
}

/** A cell's text without the spaces at either end, which a Markdown table row cannot keep. */
function trimEnds(children: PhrasingContent[]): PhrasingContent[] {
  const result = [...children];
  const first = result[0];
  if (first?.type === 'text') result[0] = { ...first, value: first.value.replace(/^\s+/, '') };
  const last = result[result.length - 1];
  if (last?.type === 'text') result[result.length - 1] = { ...last, value: last.value.replace(/\s+$/, '') };
  return result.filter((child) => child.type !== 'text' || child.value !== '');
}

/** mdast phrasing as the inline HTML GitBook writes in table cells. */
function phrasingHtml(nodes: PhrasingContent[]): string {
  return nodes
    .map((node): string => {
      // eslint-disable-next-line @typescript-eslint/switch-exhaustiveness-check -- references are resolved on reading
      switch (node.type) {
        case 'text':
          return escapeText(node.value);
        case 'strong':
          return `<strong>${phrasingHtml(node.children)}</strong>`;
        case 'emphasis':
          return `<em>${phrasingHtml(node.children)}</em>`;
        case 'delete':
          return `<s>${phrasingHtml(node.children)}</s>`;
        case 'inlineCode':
          return `<code>${escapeText(node.value)}</code>`;
        case 'break':
          return '<br>';
        case 'link':
          return node.title === 'mention'
            ? `<a data-mention href="${escapeAttribute(node.url)}">${phrasingHtml(node.children)}</a>`
            : `<a href="${escapeAttribute(node.url)}">${phrasingHtml(node.children)}</a>`;
        case 'inlineMath':
          return `$$${escapeText(node.value)}$$`;
        case 'image':
          return `<img src="${escapeAttribute(node.url)}" alt="${escapeAttribute(node.alt ?? '')}">`;
        case 'html':
          return node.value;
        default:
          // References are resolved on reading; footnote references have no HTML form in a cell.
          return '';
      }
    })
    .join('');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function fragmentText(fragment: DocumentFragment | undefined): string {
  return (fragment?.nodes ?? [])
    .flatMap((block) => (block.type === 'paragraph' ? block.nodes : []))
    .flatMap((inline) => (inline.object === 'text' ? inline.leaves.map((leaf) => leaf.text) : []))
    .join('');
}

/**
 * The text of a paragraph that is one unformatted Liquid tag (an unknown tag such as
 * `{% swagger %}`, or the tag of a block kept as text). Written as is, it reads back as the same
 * paragraph; written as text, its `{` would be escaped and GitBook would no longer see a tag.
 * A closing tag (`{% endtab %}`) inside a Liquid block is the exception: written as is, it would
 * close that block on the next read, so it is escaped like any text.
 */
/**
 * The tag of a paragraph that is only `<details>`, `<details open>` or `</details>`: what is left of
 * an expandable where the schema allows none (in a tab), written back unescaped so it reads back
 * the same way, as `singleTagLine` does for Liquid tags.
 */
function detailsLine(nodes: InlineContent[]): string | undefined {
  const [only] = nodes;
  if (nodes.length !== 1 || only.object !== 'text' || only.leaves.length !== 1 || only.leaves[0].marks.length > 0) return undefined;
  return /^(<details( open)?>|<\/details>)$/.test(only.leaves[0].text) ? only.leaves[0].text : undefined;
}

/** The title of such an expandable, `<summary>…</summary>` as a paragraph: the inlines between the tags. */
function summaryLine(nodes: InlineContent[]): InlineContent[] | undefined {
  const first = nodes[0];
  const last = nodes[nodes.length - 1];
  if (first?.object !== 'text' || last?.object !== 'text') return undefined;
  const opening = first.leaves[0];
  const closing = last.leaves[last.leaves.length - 1];
  if (
    !opening?.text.startsWith('<summary>') ||
    opening.marks.length > 0 ||
    !closing?.text.endsWith('</summary>') ||
    closing.marks.length > 0
  )
    return undefined;
  // One title: no other summary tag inside it.
  const text = nodes.map((node) => (node.object === 'text' ? node.leaves.map((leaf) => leaf.text).join('') : '')).join('');
  if (text.lastIndexOf('<summary>') !== 0 || text.indexOf('</summary>') !== text.length - '</summary>'.length) return undefined;
  const trim = (node: DocumentText, start: number, end: number): DocumentText => ({
    ...node,
    leaves: node.leaves.map((leaf, index) => ({
      ...leaf,
      text: leaf.text.slice(index === 0 ? start : 0, index === node.leaves.length - 1 ? leaf.text.length - end : undefined),
    })),
  });
  if (nodes.length === 1) {
    if (first.leaves.length === 1 && opening.text.length < '<summary></summary>'.length) return undefined;
    return [trim(first, '<summary>'.length, '</summary>'.length)];
  }
  return [trim(first, '<summary>'.length, 0), ...nodes.slice(1, -1), trim(last, 0, '</summary>'.length)];
}

function singleTagLine(nodes: InlineContent[], insideLiquidBlock: boolean): string | undefined {
  const [only] = nodes;
  if (nodes.length !== 1 || only.object !== 'text' || only.leaves.length !== 1 || only.leaves[0].marks.length > 0) return undefined;
  const text = only.leaves[0].text;
  const segments = splitLiquidLine(text);
  const [tag] = segments;
  return segments.length === 1 && tag.kind === 'tag' && tag.raw === text && !(insideLiquidBlock && isContainerCloser(tag.name))
    ? text
    : undefined;
}
