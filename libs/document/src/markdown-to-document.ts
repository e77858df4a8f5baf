// mdast → Document. Every block is checked against what its container may hold in the official
// schema (a hint cannot hold a code block, a list item cannot hold an image gallery, ...): a block
// that does not fit is kept as a paragraph of its own Markdown source, so the document stays valid
// and no text is lost.
import type { List, ListItem, Paragraph, PhrasingContent, RootContent, Table } from 'mdast';
import type {
  CodeBlock,
  ContentRef,
  DocumentBlock,
  DocumentFragment,
  DocumentLeaf,
  DocumentMark,
  DocumentText,
  HeadingType,
  ButtonAction,
  HintBlock,
  ImageBlock,
  ImagesBlock,
  InlineContent,
  InlineImage,
  MarkType,
  ParagraphBlock,
  TableBlock,
  TableColumnDefinition,
  TableRecord,
  TabsItemBlock,
  TextColor,
} from './document.types';
import type { CodeOptions, HintNode, ImageOptions, LiquidBlockNode } from './gitbook-mdast';
import { toString as toPlainText } from 'mdast-util-to-string';
import { normalizeInlines } from './inline-normalize';
import { type BlockConverter, LiquidBlocks } from './liquid-blocks';
import { formatTag } from './liquid-tags';
import { officialHintStyle } from './gitbook-blocks';
import { UNCONVERTED_NOTE, UNCONVERTED_SYNTAX } from './unconverted';
import { stringifyMarkdown } from './processor';

type BlockType = DocumentBlock['type'];

const ESSENTIALS: BlockType[] = [
  'paragraph',
  'heading-1',
  'heading-2',
  'heading-3',
  'list-ordered',
  'list-unordered',
  'list-tasks',
  'divider',
];

/** What each container may hold, from the official schema (`DocumentBlocksTopLevels`, `DocumentBlockHint`, ...). */
export const ALLOWED_CHILDREN = {
  document: new Set<BlockType>([
    ...ESSENTIALS,
    'blockquote',
    'hint',
    'images',
    'embed',
    'code',
    'expandable',
    'tabs',
    'table',
    'content-ref',
    'file',
    'swagger',
    'openapi-operation',
    'reusable-content',
    'stepper',
    'if',
    'columns',
    'updates',
    'integration',
    'math',
    'prompt',
  ]),
  hint: new Set<BlockType>([...ESSENTIALS, 'embed', 'table', 'integration']),
  blockquote: new Set<BlockType>([...ESSENTIALS, 'blockquote']),
  listItem: new Set<BlockType>([...ESSENTIALS, 'code', 'hint', 'blockquote', 'table', 'math']),
  tabsItem: new Set<BlockType>([
    ...ESSENTIALS,
    'content-ref',
    'code',
    'embed',
    'file',
    'images',
    'hint',
    'blockquote',
    'integration',
    'math',
    'prompt',
  ]),
  expandableBody: new Set<BlockType>([
    ...ESSENTIALS,
    'file',
    'images',
    'code',
    'table',
    'hint',
    'blockquote',
    'reusable-content',
    'integration',
    'prompt',
  ]),
  step: new Set<BlockType>([
    ...ESSENTIALS,
    'content-ref',
    'code',
    'embed',
    'file',
    'images',
    'hint',
    'blockquote',
    'expandable',
    'integration',
    'math',
    'prompt',
  ]),
  column: new Set<BlockType>([
    ...ESSENTIALS,
    'images',
    'code',
    'hint',
    'content-ref',
    'embed',
    'file',
    'blockquote',
    'table',
    'expandable',
    'stepper',
    'integration',
    'math',
    'prompt',
  ]),
  tableCell: new Set<BlockType>(ESSENTIALS),
  update: new Set<BlockType>([
    ...ESSENTIALS,
    'content-ref',
    'code',
    'embed',
    'file',
    'images',
    'hint',
    'blockquote',
    'tabs',
    'expandable',
    'integration',
    'math',
    'prompt',
  ]),
};

/** The official block type of each Liquid block (`{% openapi %}` and `{% swagger src %}` are both `swagger`). */
const LIQUID_BLOCK_TYPES: Record<string, BlockType> = {
  stepper: 'stepper',
  step: 'stepper-step',
  columns: 'columns',
  column: 'column',
  if: 'if',
  updates: 'updates',
  update: 'update',
  openapi: 'swagger',
  swagger: 'swagger',
  'api-method': 'swagger',
  'openapi-operation': 'openapi-operation',
  file: 'file',
  include: 'reusable-content',
  'page-ref': 'content-ref',
  prompt: 'prompt',
};

type Allowed = Set<BlockType>;

const liquidBlockType = (name: string): BlockType | undefined => (name.startsWith('@') ? 'integration' : LIQUID_BLOCK_TYPES[name]);

/** The block type of mdast containers, known without converting them. */
const CONTAINER_TYPES: Partial<Record<RootContent['type'], BlockType>> = {
  blockquote: 'blockquote',
  code: 'code',
  table: 'table',
  hint: 'hint',
  tabs: 'tabs',
  tab: 'tabs-item',
  expandable: 'expandable',
  math: 'math',
};

/** Marks a node kept as its Markdown source rather than converted. */
const AS_SOURCE = 'as-source';

const HARD_BREAK = /^<br\s*\/?>$/i;
/** HTML `align` values as the official `TextAlignment`. */
const OFFICIAL_ALIGNMENT = { left: 'start', center: 'center', right: 'end' } as const;

/** One inline HTML tag (mdast gives each tag of `a <kbd>Ctrl</kbd> b` as its own `html` node). */
const INLINE_TAG = /^<(\/?)([a-z][a-z0-9]*)\b([^>]*?)\/?>$/i;
const TAG_ATTRIBUTE = /([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
const HTML_MARKS: Record<string, MarkType> = {
  strong: 'bold',
  b: 'bold',
  em: 'italic',
  i: 'italic',
  code: 'code',
  s: 'strikethrough',
  del: 'strikethrough',
  strike: 'strikethrough',
  kbd: 'keyboard',
  sup: 'superscript',
  sub: 'subscript',
  mark: 'color',
};
/** Inline tags that only style or group text: dropped, their content kept. Unknown tags stay as text. */
const TRANSPARENT_TAGS = new Set([
  'span',
  'font',
  'u',
  'ins',
  'small',
  'big',
  'abbr',
  'cite',
  'q',
  'dfn',
  'time',
  'var',
  'samp',
  'p',
  'div',
  'center',
]);
/** Inline tags open at once that still apply their marks (see `phrasing`). */
const MAX_OPEN_TAGS = 32;
/** The semantic colour tokens of the official `DocumentTextColor`. */
const ICON_TOKENS = new Set<string>(['$primary', '$info', '$success', '$warning', '$danger', '$tint']);
const TEXT_COLORS = new Set<string>(['default', 'green', 'blue', 'red', 'orange', 'yellow', 'purple', 'pink', 'violet', 'cyan']);

export class MarkdownToDocument implements BlockConverter {
  /** An empty `<a id>` met in the current heading's text (used when it is not the trailing one). */
  private anchor?: string;
  private readonly liquid: LiquidBlocks = new LiquidBlocks(this, ALLOWED_CHILDREN);

  constructor(readonly newKey: () => string) {}

  convert(children: RootContent[]): DocumentBlock[] {
    return this.blocks(children, ALLOWED_CHILDREN.document);
  }

  blocks(children: RootContent[], allowed: Allowed): DocumentBlock[] {
    return children.flatMap((child) => {
      // Decided before converting: converting a container and then opening it up converted its
      // content twice per level, 2^n for tabs nested n deep (minutes for 250 `{% tabs %}` lines).
      const type = child.type === 'liquidBlock' ? liquidBlockType(child.name) : CONTAINER_TYPES[child.type];
      if (child.type === 'hint' && allowed.has('hint')) return this.hint(child, allowed);
      if (type !== undefined && !allowed.has(type)) return this.unfitting(child, allowed);
      if (child.type === 'liquidBlock' && child.name === 'file' && child.children.length === 1) return this.captionedFile(child, allowed);
      if (child.type === 'embed' && child.caption) return this.captioned({ ...child, caption: undefined }, child.caption, allowed);
      const block = this.block(child, allowed);
      if (block === AS_SOURCE) return child.type === 'liquidBlock' ? [this.unconverted(child)] : this.literal(child);
      if (!block) return [];
      return allowed.has(block.type) ? [block] : this.unfitting(child, allowed);
    });
  }

  /** `{% file src %}caption{% endfile %}`: the file block, then its caption as a paragraph it names. */
  private captionedFile(node: LiquidBlockNode, allowed: Allowed): DocumentBlock[] {
    return this.captioned({ ...node, children: [] }, node.children[0], allowed);
  }

  /**
   * A file or embed with a caption: the schema gives neither a caption, so the caption is the
   * paragraph after the block, which the block names (`captionKey`) to be written back inside it.
   */
  private captioned(node: RootContent, captionNode: RootContent, allowed: Allowed): DocumentBlock[] {
    const [block] = this.blocks([node], allowed);
    const [caption] = this.blocks([captionNode], allowed);
    if ((block?.type !== 'file' && block?.type !== 'embed') || caption?.type !== 'paragraph' || !caption.key)
      return [block, caption].filter((each) => each !== undefined);
    return [{ ...block, data: { ...block.data, captionKey: caption.key } } as DocumentBlock, caption];
  }

  /**
   * A hint. The official hint holds no code block, image or tabs: such a block is lifted out to the
   * hint's own container (the hint closes before it and opens again after it), so that a code
   * block in a hint stays a code block.
   */
  private hint(node: HintNode, allowed: Allowed): DocumentBlock[] {
    const result: DocumentBlock[] = [];
    let run: DocumentBlock[] = [];
    const flush = (): void => {
      if (run.length > 0) {
        result.push({
          object: 'block',
          type: 'hint',
          key: this.newKey(),
          isVoid: false,
          data: hintData(node),
          nodes: run,
        });
      }
      run = [];
    };
    const inHintOrAround = new Set([...ALLOWED_CHILDREN.hint, ...allowed]);
    for (const block of this.blocks(node.children, inHintOrAround)) {
      if (ALLOWED_CHILDREN.hint.has(block.type)) run.push(block);
      else {
        flush();
        result.push(block);
      }
    }
    flush();
    // A hint holding only blocks lifted out of it stays, empty, before them: not dropped silently.
    if (!result.some((block) => block.type === 'hint')) result.unshift(this.nonEmptyHint(node));
    return result;
  }

  private nonEmptyHint(node: HintNode): DocumentBlock {
    return {
      object: 'block',
      type: 'hint',
      key: this.newKey(),
      isVoid: false,
      data: hintData(node),
      nodes: [this.paragraph([])],
    };
  }

  /**
   * A block its container may not hold. GitBook containers are opened up: their tags stay as
   * text and their content joins the container, where it is checked in turn. Anything else is
   * kept as its Markdown source.
   */
  private unfitting(node: RootContent, allowed: Allowed): DocumentBlock[] {
    const line = (text: string): ParagraphBlock => this.paragraph([{ type: 'text', value: text }]);
    if (node.type === 'hint') {
      return [line(formatTag('hint', { style: node.style })), ...this.blocks(node.children, allowed), line(formatTag('endhint'))];
    }
    if (node.type === 'tabs') {
      return [line(formatTag('tabs')), ...node.children.flatMap((tab) => this.unfitting(tab, allowed)), line(formatTag('endtabs'))];
    }
    if (node.type === 'tab') {
      return [line(formatTag('tab', { title: node.title })), ...this.blocks(node.children, allowed), line(formatTag('endtab'))];
    }
    if (node.type === 'liquidBlock' && !node.single && node.children.length > 0) {
      const open =
        node.argument && Object.keys(node.attributes).length === 0
          ? `{% ${node.name} ${node.argument} %}`
          : formatTag(node.name, node.attributes);
      return [line(open), ...this.blocks(node.children, allowed), line(formatTag(`end${node.name}`))];
    }
    if (node.type === 'math') {
      // A formula where the schema allows no formula block (a hint, a quote, a cell): inline, in a paragraph.
      return [this.paragraph([{ type: 'inlineMath', value: node.value }])];
    }
    if (node.type === 'expandable') {
      return [
        line(node.open ? '<details open>' : '<details>'),
        this.paragraph([{ type: 'text', value: '<summary>' }, ...node.summary, { type: 'text', value: '</summary>' }]),
        ...this.blocks(node.children, allowed),
        line('</details>'),
      ];
    }
    return this.literal(node);
  }

  /** The node's block; `undefined` when it has none (definitions), AS_SOURCE when the model cannot express it. */
  private block(node: RootContent, allowed: Allowed): DocumentBlock | typeof AS_SOURCE | undefined {
    const key = this.newKey();
    switch (node.type) {
      case 'paragraph': {
        if (allowed.has('images') && isImageGallery(node)) return this.images(node);
        const paragraph = this.paragraph(node.children);
        return node.data?.align ? { ...paragraph, data: { align: OFFICIAL_ALIGNMENT[node.data.align] } } : paragraph;
      }
      case 'heading': {
        const type = headingType(node.depth);
        this.anchor = undefined;
        const { children, id: trailing } = headingAnchor(node.children);
        const nodes = this.inlines(children);
        const id = trailing ?? (this.anchor && HEADING_ID.test(this.anchor) ? this.anchor : undefined);
        const align = node.data?.align ? { align: OFFICIAL_ALIGNMENT[node.data.align] } : {};
        return { object: 'block', type, key, isVoid: false, data: { ...(id ? { id } : {}), ...align }, nodes };
      }
      case 'thematicBreak':
        return { object: 'block', type: 'divider', key, isVoid: true, data: {} };
      case 'blockquote':
        return {
          object: 'block',
          type: 'blockquote',
          key,
          isVoid: false,
          data: {},
          nodes: this.blocks(node.children, ALLOWED_CHILDREN.blockquote),
        };
      case 'list':
        return this.list(node);
      case 'code':
        return this.code(node.value, node.lang ?? undefined, { ...parseFenceMeta(node.meta), ...node.data?.gitbook });
      case 'table':
        return this.table(node);
      case 'hint':
        return {
          object: 'block',
          type: 'hint',
          key,
          isVoid: false,
          data: hintData(node),
          nodes: this.blocks(node.children, ALLOWED_CHILDREN.hint),
        };
      case 'tabs':
        return {
          object: 'block',
          type: 'tabs',
          key,
          isVoid: false,
          data: {},
          nodes: node.children.map((tab) => this.tab(tab.title, tab.children)),
        };
      case 'tab':
        return this.tab(node.title, node.children);
      case 'embed':
        return {
          object: 'block',
          type: 'embed',
          key,
          isVoid: true,
          data: { url: node.url, ...(node.fullWidth === undefined ? {} : { fullWidth: node.fullWidth }) },
        };
      case 'contentRef':
        return { object: 'block', type: 'content-ref', key, isVoid: true, data: { ref: { kind: 'url', url: node.url } } };
      case 'expandable':
        return {
          object: 'block',
          type: 'expandable',
          key,
          isVoid: true,
          data: node.open ? { defaultExpanded: true } : {},
          fragments: [
            this.fragment('expandable-title', [this.paragraph(node.summary)], 'expandable-title'),
            this.fragment('expandable-body', this.nonEmpty(this.blocks(node.children, ALLOWED_CHILDREN.expandableBody)), 'expandable-body'),
          ],
        };
      case 'math':
        return { object: 'block', type: 'math', key, isVoid: true, data: { formula: node.value } };
      case 'definition':
        return undefined; // Consumed: references are resolved to plain links and images.
      case 'liquidTag':
        // A tag of no known block (or one that does not close) stays visible, as written.
        return this.unconverted(node);
      case 'liquidBlock':
        return this.liquid.block(node, key);
      case 'html':
        // HTML with no block of its own stays HTML, as a code block of syntax `html`, not prose.
        return this.code(node.value, 'html', {});
      case 'footnoteDefinition':
      case 'listItem':
      case 'yaml':
      case 'tableRow':
      case 'tableCell':
        return AS_SOURCE;
      case 'text':
      case 'strong':
      case 'emphasis':
      case 'delete':
      case 'inlineCode':
      case 'break':
      case 'link':
      case 'linkReference':
      case 'image':
      case 'imageReference':
      case 'footnoteReference':
      case 'inlineMath':
        // mdast keeps inline content inside paragraphs; a stray inline node gets a paragraph of its own.
        return this.paragraph([node]);
    }
  }

  /**
   * A node the document model cannot express, kept as its Markdown source, one paragraph per line:
   * joining the lines with hard breaks would append a backslash to each, and a line such as a
   * Liquid tag would then read differently on the next pass.
   */
  private literal(node: RootContent): ParagraphBlock[] {
    const source = stringifyMarkdown({ type: 'root', children: [node] });
    return source
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.length > 0)
      .map((line) => this.paragraph([{ type: 'text', value: line }]));
  }

  /**
   * A GitBook tag with no block here, as a code block of its source under a note (`UNCONVERTED_NOTE`),
   * so that readers see it is not converted and the writer puts it back as it was.
   */
  private unconverted(node: RootContent): CodeBlock {
    const source = node.type === 'liquidTag' ? node.value : stringifyMarkdown({ type: 'root', children: [node] }).replace(/\n+$/, '');
    return this.code(source, UNCONVERTED_SYNTAX, { title: UNCONVERTED_NOTE });
  }

  private paragraph(children: PhrasingContent[]): ParagraphBlock {
    return { object: 'block', type: 'paragraph', key: this.newKey(), isVoid: false, data: {}, nodes: this.inlines(children) };
  }

  private list(node: List): DocumentBlock {
    const key = this.newKey();
    const items = node.children.map((item) => this.listItem(item));
    if (node.ordered) {
      return {
        object: 'block',
        type: 'list-ordered',
        key,
        isVoid: false,
        data: node.start != null && node.start !== 1 ? { start: node.start } : {},
        nodes: items,
      };
    }
    const isTasks = node.children.some((item) => typeof item.checked === 'boolean');
    if (isTasks) {
      for (const item of items) item.data = { checked: item.data?.checked ?? false };
      return { object: 'block', type: 'list-tasks', key, isVoid: false, data: {}, nodes: items };
    }
    return { object: 'block', type: 'list-unordered', key, isVoid: false, data: {}, nodes: items };
  }

  private listItem(item: ListItem) {
    return {
      object: 'block' as const,
      type: 'list-item' as const,
      key: this.newKey(),
      isVoid: false as const,
      data: typeof item.checked === 'boolean' ? { checked: item.checked } : {},
      nodes: this.nonEmpty(this.blocks(item.children, ALLOWED_CHILDREN.listItem)),
    };
  }

  private tab(title: string, children: RootContent[]): TabsItemBlock {
    return {
      object: 'block',
      type: 'tabs-item',
      key: this.newKey(),
      isVoid: false,
      data: { title },
      nodes: this.nonEmpty(this.blocks(children, ALLOWED_CHILDREN.tabsItem)),
    };
  }

  private code(value: string, syntax: string | undefined, options: CodeOptions): CodeBlock {
    const data: CodeBlock['data'] = syntax ? { syntax } : {};
    if (options.title !== undefined) data.title = options.title;
    if (options.overflow !== undefined) data.overflow = options.overflow;
    if (options.lineNumbers !== undefined) data.lineNumbers = options.lineNumbers;
    if (options.fullWidth !== undefined) data.fullWidth = options.fullWidth;
    const highlighted = new Set(options.highlighted);
    const lines = value.split('\n').map((line, index) => ({
      object: 'block' as const,
      type: 'code-line' as const,
      key: this.newKey(),
      isVoid: false as const,
      data: highlighted.has(index) ? { highlighted: true } : {},
      nodes: [this.text([{ object: 'leaf', text: line, marks: [] }])],
    }));
    return { object: 'block', type: 'code', key: this.newKey(), isVoid: false, data, nodes: lines };
  }

  private images(node: Paragraph): DocumentBlock {
    const nodes = node.children.flatMap((child): ImageBlock[] => {
      const image = this.resolveImage(child);
      if (!image) return [];
      const fragments = image.title ? [this.fragment('caption', [this.paragraph([{ type: 'text', value: image.title }])])] : [];
      const data: ImageBlock['data'] = { ref: urlRef(image.url) };
      if (image.alt) data.alt = image.alt;
      if (image.options?.width !== undefined) data.width = image.options.width;
      if (image.options?.dark) data.refDark = urlRef(image.options.dark);
      return [{ object: 'block', type: 'image', key: this.newKey(), isVoid: true, data, fragments }];
    });
    const align = node.children.flatMap((child) =>
      child.type === 'image' && child.data?.gitbook?.align ? [child.data.gitbook.align] : [],
    )[0];
    const framed = node.children.some((child) => child.type === 'image' && child.data?.gitbook?.framed);
    const data: ImagesBlock['data'] = align ? { align } : {};
    if (framed) data.withFrame = true;
    return { object: 'block', type: 'images', key: this.newKey(), isVoid: false, data, nodes };
  }

  private table(node: Table): TableBlock {
    const [header, ...rows] = node.children;
    const options = node.data?.gitbook;
    const columns = (header?.children ?? []).map((cell, index): TableColumnDefinition => {
      const column = options?.columns[index];
      const type =
        column?.dataType === 'content-ref' || column?.dataType === 'image' || column?.dataType === 'files' ? column.dataType : 'text';
      const definition: TableColumnDefinition = { id: this.newKey(), title: plainText(cell.children), type };
      if (type === 'text') definition.textAlignment = node.align?.[index] ?? 'left';
      return definition;
    });
    const fragments: DocumentFragment[] = [];
    const records: Record<string, TableRecord> = {};
    rows.forEach((row, rowIndex) => {
      const values: TableRecord['values'] = {};
      columns.forEach((column, columnIndex) => {
        const cell = row.children[columnIndex];
        if (column.type !== 'text') {
          // A card's target or cover: the cell's link.
          const url = cell ? firstUrl(cell.children) : undefined;
          // A cover as the official image record `{ref}`: a bare URL or file reference matches two
          // branches of the record's `oneOf` (a reference, an image record). So does a card's target
          // that is no page (an absolute URL, `/faq`); a page's path (`x.md`, `folder/`) stays bare for
          // the importer to make a page reference, the one kind that validates bare.
          const wrapped = column.type !== 'content-ref' || (url !== undefined && !PAGE_PATH.test(url));
          values[column.id] = url === undefined ? null : wrapped ? { ref: urlRef(url) } : urlRef(url);
          return;
        }
        const blocks = cell?.data?.blocks ? this.nonEmpty(this.blocks(cell.data.blocks, ALLOWED_CHILDREN.tableCell)) : undefined;
        const fragment = this.fragment(this.newKey(), blocks ?? [this.paragraph(cell?.children ?? [])]);
        fragments.push(fragment);
        values[column.id] = fragment.fragment;
      });
      // Fixed-width, zero-padded indexes sort as strings in row order.
      records[this.newKey()] = { orderIndex: String(rowIndex).padStart(6, '0'), values };
    });
    const shown = columns.filter((_, index) => !options?.columns[index]?.hidden).map((column) => column.id);
    const view: TableBlock['data']['view'] =
      options?.view === 'cards'
        ? {
            type: 'cards',
            columns: shown,
            cardSize: options.cardSize ?? 'medium',
            ...(options.columnTitleHidden ? { hideColumnTitle: true } : {}),
            ...optional('targetDefinition', columns[options.columns.findIndex((column) => column.cardTarget)]?.id),
            ...optional('coverDefinition', columns[options.columns.findIndex((column) => column.cardCover)]?.id),
          }
        : { type: 'grid', columns: shown, hideHeader: options?.headerHidden ?? false };
    if (view.type === 'grid') {
      const widths = columns.flatMap((column, index) => {
        const width = options?.columns[index]?.width;
        return width === undefined ? [] : [[column.id, width] as const];
      });
      if (widths.length > 0) view.columnWidths = Object.fromEntries(widths);
    }
    return {
      object: 'block',
      type: 'table',
      key: this.newKey(),
      isVoid: true,
      data: {
        view,
        records,
        definition: Object.fromEntries(columns.map((column) => [column.id, column])),
        ...(options?.fullWidth !== undefined ? { fullWidth: options.fullWidth } : {}),
      },
      fragments,
    };
  }

  private fragment(fragment: string, nodes: DocumentBlock[], type?: string): DocumentFragment {
    return { object: 'fragment', key: this.newKey(), fragment, ...(type ? { type } : {}), nodes };
  }

  /** Containers the schema requires to hold at least one block get an empty paragraph. */
  nonEmpty(blocks: DocumentBlock[]): DocumentBlock[] {
    return blocks.length > 0 ? blocks : [this.paragraph([])];
  }

  private inlines(children: PhrasingContent[]): InlineContent[] {
    const inlines = normalizeInlines(this.phrasing(children, []), () => this.newKey());
    return inlines.length > 0 ? inlines : [this.text([{ object: 'leaf', text: '', marks: [] }])];
  }

  private text(leaves: DocumentLeaf[]): DocumentText {
    return { object: 'text', key: this.newKey(), leaves };
  }

  /**
   * Inline HTML (`<strong>`, `<kbd>`, `<mark style>`, `<sup>`, `<a href>`, GitBook's emoji `<span>`,
   * ...), common in GitBook pages, tables and `<summary>` lines, becomes the marks and inlines it
   * stands for. Other tags are dropped and their content kept: HTML has no place in a paragraph.
   */
  private phrasing(children: PhrasingContent[], marks: DocumentMark[], inLink = false): InlineContent[] {
    const result: InlineContent[] = [];
    // Open tags, each with the marks in force inside it; capped, so that hostile input (thousands
    // of unclosed tags) costs linear time: past the cap a tag's content is kept without its mark.
    const opened: Array<{ name: string; marks: DocumentMark[] }> = [];
    const current = (): DocumentMark[] => opened[opened.length - 1]?.marks ?? marks;
    const open = (name: string, mark?: DocumentMark): void => {
      if (opened.length < MAX_OPEN_TAGS) opened.push({ name, marks: mark ? withMark(current(), mark) : current() });
    };
    const closings = closingIndexes(children);
    for (let index = 0; index < children.length; index++) {
      const child = children[index];
      const tag = child.type === 'html' ? INLINE_TAG.exec(child.value.trim()) : null;
      if (!tag) {
        append(result, this.inline(child, current()));
        continue;
      }
      const [, closing, rawName, rawAttributes] = tag;
      const name = rawName.toLowerCase();
      if (closing) {
        const at = opened.findLastIndex((tag) => tag.name === name);
        // Tags closed out of order: the ones opened after it keep the marks they had.
        if (at >= 0) opened.splice(at, 1);
        else if (!HTML_MARKS[name] && !TRANSPARENT_TAGS.has(name) && name !== 'a') append(result, this.inline(child, current()));
        continue;
      }
      const attributes = tagAttributes(rawAttributes);
      const end = closings.get(index) ?? -1;
      if (name === 'br') {
        append(result, this.inline({ type: 'break' }, current()));
      } else if (name === 'img' && attributes.src) {
        result.push(this.inlineImage({ url: attributes.src, alt: attributes.alt || undefined, options: imageSize(attributes) }));
      } else if (name === 'picture' && end > index) {
        // `<picture><source srcset media="(prefers-color-scheme: dark)"><img src></picture>` in a line of text.
        const picture = this.picture(children.slice(index + 1, end));
        if (picture) result.push(picture);
        index = end;
      } else if (name === 'span' && attributes['data-tag'] === 'emoji' && attributes['data-code'] && end >= 0) {
        result.push({ object: 'inline', type: 'emoji', key: this.newKey(), isVoid: true, data: { code: attributes['data-code'] } });
        index = end;
      } else if (name === 'a' && end === index + 1 && attributes.id) {
        this.anchor ??= attributes.id; // An empty anchor: the id of the heading it is in.
        index = end;
      } else if (name === 'a' && end > index && attributes.href && 'data-mention' in attributes) {
        result.push(this.mention(attributes.href));
        index = end;
      } else if (name === 'i' && end > index && /^fa-[\w-]+$/.test(attributes.class ?? '')) {
        result.push(this.icon(attributes));
        index = end;
      } else if (name === 'a' && end > index && attributes.href && /(^|\s)button(\s|$)/.test(attributes.class ?? '')) {
        result.push(this.button(attributes, children.slice(index + 1, end)));
        index = end;
      } else if (name === 'button' && end > index && buttonAction(attributes) && /(^|\s)button(\s|$)/.test(attributes.class ?? '')) {
        result.push(this.button(attributes, children.slice(index + 1, end)));
        index = end;
      } else if (name === 'a' && end > index + 1 && attributes.href && !inLink) {
        result.push(this.link(attributes.href, children.slice(index + 1, end), current()));
        index = end;
      } else if (HTML_MARKS[name]) {
        open(name, htmlMark(name, attributes));
      } else if (TRANSPARENT_TAGS.has(name) || name === 'a') {
        // `<p>a</p><p>b</p>` in a table cell: paragraphs one per line.
        if ((name === 'p' || name === 'div') && result.length > 0) append(result, this.inline({ type: 'break' }, []));
        open(name);
      } else {
        append(result, this.inline(child, current()));
      }
    }
    return result;
  }

  /**
   * GitBook's button: a link with `class="button primary|secondary"` and an optional `data-icon`,
   * or an action button, `<button type="button" class="button primary" data-action="ask">`.
   */
  private button(attributes: Record<string, string>, children: PhrasingContent[]): InlineContent {
    const label = children
      .map((child) => (child.type === 'html' ? '' : toPlainText(child)))
      .join('')
      .replace(/\s+/g, ' ')
      .trim();
    const kind = /(^|\s)secondary(\s|$)/.test(attributes.class) ? 'secondary' : 'primary';
    const icon = attributes['data-icon'];
    return {
      object: 'inline',
      type: 'button',
      key: this.newKey(),
      isVoid: true,
      data: {
        label,
        kind,
        ...(icon ? { icon } : {}),
        ...(attributes.href ? { ref: urlRef(attributes.href) } : { action: buttonAction(attributes)! }),
      },
    };
  }

  /** GitBook's mention of a page (`[x](x.md "mention")`, `<a data-mention href>`): its text is the target's title. */
  private mention(url: string): InlineContent {
    return { object: 'inline', type: 'mention', key: this.newKey(), isVoid: true, data: { ref: urlRef(url) } };
  }

  /** `<i class="fa-rocket" style="color:$primary;">:rocket:</i>`: the icon's name is its class. */
  private icon(attributes: Record<string, string>): InlineContent {
    const color = /(?:^|;)\s*color\s*:\s*([$\w-]+)/i.exec(attributes.style ?? '')?.[1]?.toLowerCase();
    const known = color !== undefined && (TEXT_COLORS.has(color) || ICON_TOKENS.has(color));
    const data = { icon: attributes.class.slice(3), ...(known && color !== 'default' ? { color: color as TextColor } : {}) };
    return { object: 'inline', type: 'icon', key: this.newKey(), isVoid: true, data };
  }

  private link(url: string, children: PhrasingContent[], marks: DocumentMark[]): InlineContent {
    return {
      object: 'inline',
      type: 'link',
      key: this.newKey(),
      isVoid: false,
      data: { ref: urlRef(url) },
      nodes: this.linkContent(children, marks),
    };
  }

  private inline(node: PhrasingContent, marks: DocumentMark[]): InlineContent[] {
    // Keyless: every run of text is merged and keyed once by normalizeInlines.
    const leaf = (text: string, leafMarks = marks): InlineContent[] => [
      { object: 'text', key: '', leaves: [{ object: 'leaf', text, marks: leafMarks }] },
    ];
    switch (node.type) {
      case 'text':
        // A soft line ending renders as a space; hard breaks are the document's "\n".
        return leaf(node.value.replace(/[ \t]*\r?\n[ \t]*/g, ' '));
      case 'break':
        return leaf('\n');
      case 'strong':
        return this.phrasing(node.children, withMark(marks, BOLD));
      case 'emphasis':
        return this.phrasing(node.children, withMark(marks, ITALIC));
      case 'delete':
        return this.phrasing(node.children, withMark(marks, STRIKE));
      case 'inlineCode':
        return leaf(node.value.replace(/\r?\n/g, ' '), withMark(marks, CODE));
      case 'link':
        return node.title === 'mention' ? [this.mention(node.url)] : [this.link(node.url, node.children, marks)];
      case 'inlineMath':
        return [{ object: 'inline', type: 'inline-math', key: this.newKey(), isVoid: true, data: { formula: node.value } }];
      case 'linkReference':
        // The parser resolves references to links and images: one left is kept as its source.
        return leaf(referenceSource(node.label ?? node.identifier, plainText(node.children)));
      case 'image':
      case 'imageReference': {
        const image = this.resolveImage(node);
        return image ? [this.inlineImage(image)] : leaf(`![${node.alt ?? ''}]`);
      }
      case 'html':
        // A comment is markup, not text; a tag the phrasing did not take is kept as written.
        return HARD_BREAK.test(node.value.trim()) ? leaf('\n') : /^<!--[\s\S]*-->$/.test(node.value.trim()) ? [] : leaf(node.value);
      case 'footnoteReference':
        return leaf(`[^${node.label ?? node.identifier}]`);
      default:
        return [];
    }
  }

  private linkContent(children: PhrasingContent[], marks: DocumentMark[]): Array<DocumentText | InlineImage> {
    const content = normalizeInlines(this.phrasing(children, marks, true), () => this.newKey()).filter(
      (node): node is DocumentText | InlineImage => node.object === 'text' || node.type === 'inline-image',
    );
    return content.length > 0 ? content : [this.text([{ object: 'leaf', text: '', marks: [] }])];
  }

  private picture(children: PhrasingContent[]): InlineImage | undefined {
    let image: ResolvedImage | undefined;
    let dark: string | undefined;
    for (const child of children) {
      const tag = child.type === 'html' ? INLINE_TAG.exec(child.value.trim()) : null;
      if (!tag || tag[1]) continue;
      const attributes = tagAttributes(tag[3]);
      if (tag[2].toLowerCase() === 'img' && attributes.src)
        image ??= { url: attributes.src, alt: attributes.alt || undefined, options: imageSize(attributes) };
      if (tag[2].toLowerCase() === 'source' && /prefers-color-scheme:\s*dark/i.test(attributes.media ?? ''))
        dark = attributes.srcset?.trim().split(/\s+/)[0];
    }
    return image ? this.inlineImage({ ...image, options: { ...image.options, ...(dark ? { dark } : {}) } }) : undefined;
  }

  private inlineImage(image: ResolvedImage): InlineImage {
    const data: InlineImage['data'] = { ref: urlRef(image.url) };
    if (image.alt) data.alt = image.alt;
    if (image.title) data.caption = image.title;
    if (image.options?.dark) data.refDark = urlRef(image.options.dark);
    if (image.options?.size) data.size = image.options.size;
    return { object: 'inline', type: 'inline-image', key: this.newKey(), isVoid: true, data };
  }

  private resolveImage(node: PhrasingContent): ResolvedImage | undefined {
    if (node.type === 'image')
      return { url: node.url, alt: node.alt ?? undefined, title: node.title ?? undefined, options: node.data?.gitbook };
    return undefined;
  }
}

interface ResolvedImage {
  url: string;
  alt?: string;
  title?: string;
  options?: ImageOptions;
}

/** `data-size="line"` (or `original`) of an inline `<img>`. */
function imageSize(attributes: Record<string, string>): ImageOptions | undefined {
  const size = attributes['data-size'];
  return size === 'line' || size === 'original' ? { size } : undefined;
}

/** A relative path to a Markdown page or a folder (its README), with an optional anchor. */
const PAGE_PATH = /^(?![a-z][a-z0-9+.-]*:|\/)[^?#]*(\.md|\/)(#.*)?$/i;

function urlRef(url: string): ContentRef {
  return { kind: 'url', url };
}

const BOLD: DocumentMark = { object: 'mark', type: 'bold' };
const ITALIC: DocumentMark = { object: 'mark', type: 'italic' };
const STRIKE: DocumentMark = { object: 'mark', type: 'strikethrough' };
const CODE: DocumentMark = { object: 'mark', type: 'code' };

/** Adds a mark; an inner `color` replaces an outer one. */
function withMark(marks: DocumentMark[], mark: DocumentMark): DocumentMark[] {
  if (mark.type === 'color') return [...marks.filter((m) => m.type !== 'color'), mark];
  return marks.some((m) => m.type === mark.type) ? marks : [...marks, mark];
}

function htmlMark(name: string, attributes: Record<string, string>): DocumentMark | undefined {
  const type = HTML_MARKS[name];
  if (type !== 'color') return { object: 'mark', type };
  // `<mark style="color:red;background-color:yellow;">`: GitBook's colours, `default` when unset or unknown.
  const style = attributes.style ?? '';
  const color = (property: string): TextColor => {
    const value = new RegExp(`(?:^|;)\\s*${property}\\s*:\\s*([$\\w-]+)`, 'i').exec(style)?.[1]?.toLowerCase() ?? 'default';
    return (TEXT_COLORS.has(value) || value.startsWith('$') ? value : 'default') as TextColor;
  };
  return { object: 'mark', type: 'color', data: { text: color('color'), background: color('background-color') } };
}

function tagAttributes(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of source.matchAll(TAG_ATTRIBUTE)) attributes[match[1].toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? '';
  return attributes;
}

/** For each `<a>`, `<span>`, `<i>` and `<picture>` among `children`, the index of its closing tag (one pass, nesting counted). */
function closingIndexes(children: PhrasingContent[]): Map<number, number> {
  const closings = new Map<number, number>();
  const open: Record<string, number[]> = { a: [], span: [], i: [], picture: [], button: [] };
  children.forEach((child, index) => {
    if (child.type !== 'html') return;
    const tag = INLINE_TAG.exec(child.value.trim());
    const stack = tag ? open[tag[2].toLowerCase()] : undefined;
    if (!tag || !stack) return;
    if (!tag[1]) stack.push(index);
    else if (stack.length > 0) closings.set(stack.pop()!, index);
  });
  return closings;
}

/** `target.push(...items)` without spreading a long array into arguments. */
function append<T>(target: T[], items: T[]): void {
  for (const item of items) target.push(item);
}

/** A hint's data: its official style, the style as written when it is an alias of it, its icon. */
function hintData(node: HintNode): HintBlock['data'] {
  const style = officialHintStyle(node.style) ?? 'info';
  return { style, ...(style !== node.style ? { sourceStyle: node.style } : {}), ...(node.icon ? { icon: node.icon } : {}) };
}

/**
 * An action button's action (official `DocumentAction`): `data-action` search, ask or select, with
 * its `data-query` or `data-slug`; undefined when the button has no such action.
 */
function buttonAction(attributes: Record<string, string>): ButtonAction | undefined {
  const { 'data-action': action, 'data-query': query, 'data-slug': slug } = attributes;
  if (action === 'search' || action === 'ask') return { action, ...(query ? { query } : {}) };
  if (action === 'select' && slug) return { action, slug };
  return undefined;
}

/**
 * GitBook writes a page's title as `#` and its three heading levels one lower: `##` heading-1,
 * `###` heading-2, `####` heading-3 (Git Sync's documented representation). A `#` in the body is
 * the top level too, and deeper ones (`#####`) the closest, level 3.
 */
export function headingType(depth: number): HeadingType {
  return `heading-${Math.min(Math.max(depth - 1, 1), 3)}` as HeadingType;
}

/** `## Title <a href="#id" id="id"></a>`: GitBook's explicit heading anchor, taken off the text. */
function headingAnchor(children: PhrasingContent[]): { children: PhrasingContent[]; id?: string } {
  const last = children.length - 1;
  const open = children[last - 1];
  const close = children[last];
  if (open?.type !== 'html' || close?.type !== 'html' || !/^<\/a>$/i.test(close.value.trim())) return { children };
  const tag = INLINE_TAG.exec(open.value.trim());
  const id = tag && tag[2].toLowerCase() === 'a' && !tag[1] ? tagAttributes(tag[3]).id : undefined;
  if (!id || !HEADING_ID.test(id)) return { children };
  const rest = children.slice(0, last - 1);
  const tail = rest[rest.length - 1];
  if (tail?.type === 'text') rest[rest.length - 1] = { ...tail, value: tail.value.replace(/\s+$/, '') };
  return { children: rest, id };
}

/** Official `DocumentBlockHeading.data.id`. */
const HEADING_ID = /^[-a-z0-9.+_]+$/;

/** A paragraph of nothing but images (and the spaces between them) is an image block. */
function isImageGallery(node: Paragraph): boolean {
  const isImage = (child: PhrasingContent): boolean => child.type === 'image' || child.type === 'imageReference';
  return node.children.some(isImage) && node.children.every((child) => isImage(child) || (child.type === 'text' && !child.value.trim()));
}

function plainText(children: PhrasingContent[]): string {
  return children
    .map((child): string => {
      if ('value' in child) return child.value;
      if ('children' in child) return plainText(child.children);
      if (child.type === 'image') return child.alt ?? '';
      return '';
    })
    .join('');
}

function optional<K extends string>(name: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [name]: value } as Record<K, string>);
}

/** The URL of the first link or image among `children`. */
function firstUrl(children: PhrasingContent[]): string | undefined {
  for (const child of children) {
    if (child.type === 'link' || child.type === 'image') return child.url;
    if ('children' in child) {
      const url = firstUrl(child.children);
      if (url !== undefined) return url;
    }
  }
  return undefined;
}

function referenceSource(label: string, text: string): string {
  return text === label ? `[${label}]` : `[${text}][${label}]`;
}

const META_ATTRIBUTE = /([\w-]+)=(?:"([^"]*)"|'([^']*)'|(\S+))/g;

/** Fence meta such as `title="app.js" lineNumbers`, the other common way to title a code block. */
function parseFenceMeta(meta: string | null | undefined): CodeOptions {
  const options: CodeOptions = {};
  for (const match of (meta ?? '').matchAll(META_ATTRIBUTE)) {
    const value = match[2] ?? match[3] ?? match[4];
    if (match[1] === 'title') options.title = value;
    if (match[1] === 'lineNumbers') options.lineNumbers = value === 'true';
  }
  return options;
}
