// mdast → Document. Every block is checked against what its container may hold in the official
// schema (a hint cannot hold a code block, a list item cannot hold an image gallery, ...): a block
// that does not fit is kept as a paragraph of its own Markdown source, so the document stays valid
// and no text is lost.
import type { Definition, List, ListItem, Nodes, Paragraph, PhrasingContent, RootContent, Table } from 'mdast';
import type {
  CodeBlock,
  ContentRef,
  DocumentBlock,
  DocumentFragment,
  DocumentLeaf,
  DocumentText,
  HeadingType,
  HintStyle,
  ImageBlock,
  InlineContent,
  InlineImage,
  MarkType,
  ParagraphBlock,
  TableBlock,
  TableColumnDefinition,
  TableRecord,
  TabsItemBlock,
} from './document.types';
import type { CodeOptions } from './gitbook-mdast';
import { normalizeInlines } from './inline-normalize';
import { formatTag } from './liquid-tags';
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
  ]),
  hint: new Set<BlockType>([...ESSENTIALS, 'embed', 'table']),
  blockquote: new Set<BlockType>([...ESSENTIALS, 'blockquote']),
  listItem: new Set<BlockType>([...ESSENTIALS, 'code', 'hint', 'blockquote', 'table']),
  tabsItem: new Set<BlockType>([...ESSENTIALS, 'content-ref', 'code', 'embed', 'images', 'hint', 'blockquote']),
  expandableBody: new Set<BlockType>([...ESSENTIALS, 'images', 'code', 'table', 'hint', 'blockquote']),
};

type Allowed = Set<BlockType>;

/** The block type of mdast containers, known without converting them. */
const CONTAINER_TYPES: Partial<Record<RootContent['type'], BlockType>> = {
  blockquote: 'blockquote',
  code: 'code',
  table: 'table',
  hint: 'hint',
  tabs: 'tabs',
  tab: 'tabs-item',
  expandable: 'expandable',
};

/** Marks a node kept as its Markdown source rather than converted. */
const AS_SOURCE = 'as-source';

const HARD_BREAK = /^<br\s*\/?>$/i;
const HTML_MARK_TAG = /^<(\/?)(strong|b|em|i|code|s|del)\s*>$/i;
const HTML_MARKS: Record<string, MarkType> = {
  strong: 'bold',
  b: 'bold',
  em: 'italic',
  i: 'italic',
  code: 'code',
  s: 'strikethrough',
  del: 'strikethrough',
};

export class MarkdownToDocument {
  private readonly definitions = new Map<string, Definition>();

  constructor(private readonly newKey: () => string) {}

  convert(children: RootContent[]): DocumentBlock[] {
    this.collectDefinitions(children);
    return this.blocks(children, ALLOWED_CHILDREN.document);
  }

  private collectDefinitions(nodes: Nodes[]): void {
    for (const node of nodes) {
      if (node.type === 'definition' && !this.definitions.has(node.identifier)) this.definitions.set(node.identifier, node);
      if ('children' in node) this.collectDefinitions(node.children);
    }
  }

  private blocks(children: RootContent[], allowed: Allowed): DocumentBlock[] {
    return children.flatMap((child) => {
      // Decided before converting: converting a container and then opening it up converted its
      // content twice per level, 2^n for tabs nested n deep (minutes for 250 `{% tabs %}` lines).
      const type = CONTAINER_TYPES[child.type];
      if (type !== undefined && !allowed.has(type)) return this.unfitting(child, allowed);
      const block = this.block(child, allowed);
      if (block === AS_SOURCE) return this.literal(child);
      if (!block) return [];
      return allowed.has(block.type) ? [block] : this.unfitting(child, allowed);
    });
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
      case 'paragraph':
        return allowed.has('images') && isImageGallery(node) ? this.images(node) : this.paragraph(node.children);
      case 'heading': {
        // The document model has three heading levels; deeper ones become the closest, level 3.
        const type = `heading-${Math.min(node.depth, 3)}` as HeadingType;
        return { object: 'block', type, key, isVoid: false, data: {}, nodes: this.inlines(node.children) };
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
          data: { style: node.style as HintStyle },
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
        return { object: 'block', type: 'embed', key, isVoid: true, data: { url: node.url } };
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
      case 'definition':
        return undefined; // Consumed: references are resolved to plain links and images.
      case 'liquidTag':
        return this.paragraph([{ type: 'text', value: node.value }]);
      case 'html':
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
    const lines = value.split('\n').map((line) => ({
      object: 'block' as const,
      type: 'code-line' as const,
      key: this.newKey(),
      isVoid: false as const,
      data: {},
      nodes: [this.text([{ object: 'leaf', text: line, marks: [] }])],
    }));
    return { object: 'block', type: 'code', key: this.newKey(), isVoid: false, data, nodes: lines };
  }

  private images(node: Paragraph): DocumentBlock {
    const nodes = node.children.flatMap((child): ImageBlock[] => {
      const image = this.resolveImage(child);
      if (!image) return [];
      const fragments = image.title ? [this.fragment('caption', [this.paragraph([{ type: 'text', value: image.title }])])] : [];
      return [
        {
          object: 'block',
          type: 'image',
          key: this.newKey(),
          isVoid: true,
          data: { ref: urlRef(image.url), ...(image.alt ? { alt: image.alt } : {}) },
          fragments,
        },
      ];
    });
    return { object: 'block', type: 'images', key: this.newKey(), isVoid: false, data: {}, nodes };
  }

  private table(node: Table): TableBlock {
    const [header, ...rows] = node.children;
    const columns = (header?.children ?? []).map(
      (cell, index): TableColumnDefinition => ({
        id: this.newKey(),
        title: plainText(cell.children),
        type: 'text',
        textAlignment: node.align?.[index] ?? 'left',
      }),
    );
    const fragments: DocumentFragment[] = [];
    const records: Record<string, TableRecord> = {};
    rows.forEach((row, rowIndex) => {
      const values: Record<string, string> = {};
      columns.forEach((column, columnIndex) => {
        const cell = this.fragment(this.newKey(), [this.paragraph(row.children[columnIndex]?.children ?? [])]);
        fragments.push(cell);
        values[column.id] = cell.fragment;
      });
      // Fixed-width, zero-padded indexes sort as strings in row order.
      records[this.newKey()] = { orderIndex: String(rowIndex).padStart(6, '0'), values };
    });
    return {
      object: 'block',
      type: 'table',
      key: this.newKey(),
      isVoid: true,
      data: {
        view: { type: 'grid', columns: columns.map((column) => column.id), hideHeader: false },
        records,
        definition: Object.fromEntries(columns.map((column) => [column.id, column])),
      },
      fragments,
    };
  }

  private fragment(fragment: string, nodes: DocumentBlock[], type?: string): DocumentFragment {
    return { object: 'fragment', key: this.newKey(), fragment, ...(type ? { type } : {}), nodes };
  }

  /** Containers the schema requires to hold at least one block get an empty paragraph. */
  private nonEmpty(blocks: DocumentBlock[]): DocumentBlock[] {
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
   * Inline HTML formatting tags (`<strong>`, `<em>`, `<code>`, ...), common in `<summary>` lines and
   * tables written for GitHub, become marks on the text between them instead of literal tags.
   */
  private phrasing(children: PhrasingContent[], marks: MarkType[]): InlineContent[] {
    const opened: MarkType[] = [];
    return children.flatMap((child) => {
      const tag = child.type === 'html' ? HTML_MARK_TAG.exec(child.value.trim()) : null;
      if (!tag) return this.inline(child, opened.reduce(withMark, marks));
      const mark = HTML_MARKS[tag[2].toLowerCase()];
      if (!tag[1]) opened.push(mark);
      else if (opened.includes(mark)) opened.splice(opened.lastIndexOf(mark), 1);
      return [];
    });
  }

  private inline(node: PhrasingContent, marks: MarkType[]): InlineContent[] {
    const leaf = (text: string, leafMarks = marks): InlineContent[] => [
      this.text([{ object: 'leaf', text, marks: leafMarks.map((type) => ({ object: 'mark', type })) }]),
    ];
    switch (node.type) {
      case 'text':
        // A soft line ending renders as a space; hard breaks are the document's "\n".
        return leaf(node.value.replace(/[ \t]*\r?\n[ \t]*/g, ' '));
      case 'break':
        return leaf('\n');
      case 'strong':
        return this.phrasing(node.children, withMark(marks, 'bold'));
      case 'emphasis':
        return this.phrasing(node.children, withMark(marks, 'italic'));
      case 'delete':
        return this.phrasing(node.children, withMark(marks, 'strikethrough'));
      case 'inlineCode':
        return leaf(node.value.replace(/\r?\n/g, ' '), withMark(marks, 'code'));
      case 'link':
        return [
          {
            object: 'inline',
            type: 'link',
            key: this.newKey(),
            isVoid: false,
            data: { ref: urlRef(node.url) },
            nodes: this.linkContent(node.children, marks),
          },
        ];
      case 'linkReference': {
        const definition = this.definitions.get(node.identifier);
        if (!definition) return leaf(referenceSource(node.label ?? node.identifier, plainText(node.children)));
        return [
          {
            object: 'inline',
            type: 'link',
            key: this.newKey(),
            isVoid: false,
            data: { ref: urlRef(definition.url) },
            nodes: this.linkContent(node.children, marks),
          },
        ];
      }
      case 'image':
      case 'imageReference': {
        const image = this.resolveImage(node);
        return image ? [this.inlineImage(image)] : leaf(`![${node.alt ?? ''}]`);
      }
      case 'html':
        return HARD_BREAK.test(node.value.trim()) ? leaf('\n') : leaf(node.value);
      case 'footnoteReference':
        return leaf(`[^${node.label ?? node.identifier}]`);
      default:
        return [];
    }
  }

  private linkContent(children: PhrasingContent[], marks: MarkType[]): Array<DocumentText | InlineImage> {
    const content = normalizeInlines(this.phrasing(children, marks), () => this.newKey()).filter(
      (node): node is DocumentText | InlineImage => node.object === 'text' || node.type === 'inline-image',
    );
    return content.length > 0 ? content : [this.text([{ object: 'leaf', text: '', marks: [] }])];
  }

  private inlineImage(image: ResolvedImage): InlineImage {
    const data: InlineImage['data'] = { ref: urlRef(image.url) };
    if (image.alt) data.alt = image.alt;
    if (image.title) data.caption = image.title;
    return { object: 'inline', type: 'inline-image', key: this.newKey(), isVoid: true, data };
  }

  private resolveImage(node: PhrasingContent): ResolvedImage | undefined {
    if (node.type === 'image') return { url: node.url, alt: node.alt ?? undefined, title: node.title ?? undefined };
    if (node.type !== 'imageReference') return undefined;
    const definition = this.definitions.get(node.identifier);
    return definition ? { url: definition.url, alt: node.alt ?? undefined, title: definition.title ?? undefined } : undefined;
  }
}

interface ResolvedImage {
  url: string;
  alt?: string;
  title?: string;
}

function urlRef(url: string): ContentRef {
  return { kind: 'url', url };
}

function withMark(marks: MarkType[], mark: MarkType): MarkType[] {
  return marks.includes(mark) ? marks : [...marks, mark];
}

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
