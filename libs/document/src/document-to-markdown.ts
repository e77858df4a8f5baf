// Document → mdast. Marks live on text leaves in the document but nest in Markdown, so runs of
// leaves sharing a mark are wrapped together (longest run first) to write the fewest delimiters.
import type { AlignType, BlockContent, Heading, List, ListItem, PhrasingContent, RootContent, Table, TableCell, TableRow } from 'mdast';
import type {
  ContentRef,
  DocumentBlock,
  DocumentFragment,
  ExpandableBlock,
  ImageBlock,
  InlineContent,
  InlineImage,
  MarkType,
  TableBlock,
} from './document.types';
import { MARK_ORDER } from './inline-normalize';
import { splitLiquidLine } from './liquid-tags';

export interface DocumentToMarkdownOptions {
  /**
   * URL to write for a reference that is not a plain URL (a page, a file, an anchor). The default
   * writes anchors as `#anchor` and leaves other references without a URL (their text is kept).
   */
  resolveRef?: (ref: ContentRef) => string | undefined;
}

type Atom =
  | { kind: 'text'; text: string; marks: Set<MarkType> }
  | { kind: 'link'; url: string | undefined; children: Atom[]; marks: Set<MarkType> }
  | { kind: 'image'; image: InlineImage; marks: Set<MarkType> };

type WrappingMark = Exclude<MarkType, 'code'>;
const WRAPPING_MARKS = MARK_ORDER.filter((mark): mark is WrappingMark => mark !== 'code');

export function defaultResolveRef(ref: ContentRef): string | undefined {
  if (ref.kind === 'url') return ref.url;
  if (ref.kind === 'anchor' && !ref.page && !ref.space) return `#${ref.anchor}`;
  return undefined;
}

export class DocumentToMdast {
  private readonly resolveRef: (ref: ContentRef) => string | undefined;

  constructor(options: DocumentToMarkdownOptions = {}) {
    this.resolveRef = options.resolveRef ?? defaultResolveRef;
  }

  blocks(nodes: DocumentBlock[]): RootContent[] {
    return nodes.flatMap((node) => this.block(node));
  }

  private block(node: DocumentBlock): RootContent[] {
    switch (node.type) {
      case 'paragraph': {
        const tagLine = singleTagLine(node.nodes);
        if (tagLine) return [{ type: 'liquidTag', value: tagLine }];
        const children = this.phrasing(node.nodes);
        return children.length > 0 ? [{ type: 'paragraph', children }] : [];
      }
      case 'heading-1':
      case 'heading-2':
      case 'heading-3':
        return [{ type: 'heading', depth: Number(node.type.slice(-1)) as Heading['depth'], children: this.phrasing(node.nodes) }];
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
        return [{ type: 'code', lang: syntax ?? null, meta: null, value, data: { gitbook } }];
      }
      case 'code-line':
        return this.block({ object: 'block', type: 'code', data: {}, nodes: [node] });
      case 'hint':
        return [{ type: 'hint', style: node.data.style, children: this.flow(node.nodes) }];
      case 'images':
        return this.imageParagraph(node.nodes);
      case 'image':
        return this.imageParagraph([node]);
      case 'embed':
        return [{ type: 'embed', url: node.data.url }];
      case 'content-ref': {
        const url = this.resolveRef(node.data.ref);
        return url ? [{ type: 'contentRef', url }] : [];
      }
      case 'tabs':
        return [
          {
            type: 'tabs',
            children: node.nodes.map((tab) => ({ type: 'tab', title: tab.data.title ?? '', children: this.flow(tab.nodes) })),
          },
        ];
      case 'tabs-item':
        return [{ type: 'tabs', children: [{ type: 'tab', title: node.data.title ?? '', children: this.flow(node.nodes) }] }];
      case 'expandable':
        return [this.expandable(node)];
      case 'table':
        return [this.table(node)];
      default:
        // Blocks Markdown cannot express (OpenAPI, drawings, integrations, ...) are not written.
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
        return { type: 'listItem', spread: false, checked: checked ?? null, children: this.flow(item.nodes) };
      });
    return { type: 'list', ordered, start, spread: false, children };
  }

  private imageParagraph(images: ImageBlock[]): RootContent[] {
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

  private table(node: TableBlock): Table {
    const { view, records, definition } = node.data;
    const fragments = new Map(node.fragments.map((fragment) => [fragment.fragment, fragment]));
    const columns = view.columns.map((id) => definition[id]).filter((column) => column !== undefined);
    const cell = (children: PhrasingContent[]): TableCell => ({ type: 'tableCell', children });
    const header: TableRow = {
      type: 'tableRow',
      children: columns.map((column) => cell(column.title ? [{ type: 'text', value: column.title }] : [])),
    };
    const rows = Object.values(records)
      .sort((a, b) => (a.orderIndex < b.orderIndex ? -1 : a.orderIndex > b.orderIndex ? 1 : 0))
      .map(
        (record): TableRow => ({
          type: 'tableRow',
          children: columns.map((column) => cell(this.cellContent(record.values[column.id], fragments))),
        }),
      );
    const align = columns.map((column): AlignType => (column.textAlignment === 'left' ? null : column.textAlignment));
    return { type: 'table', align, children: [header, ...rows] };
  }

  private cellContent(value: string | undefined, fragments: Map<string, DocumentFragment>): PhrasingContent[] {
    const fragment = typeof value === 'string' ? fragments.get(value) : undefined;
    if (fragment) return this.fragmentPhrasing(fragment);
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
      return node.leaves.map((leaf) => ({ kind: 'text', text: leaf.text, marks: new Set(leaf.marks.map((mark) => mark.type)) }));
    }
    if (node.type === 'inline-image') return [{ kind: 'image', image: node, marks: new Set() }];
    const children = node.nodes.flatMap((child) => this.atoms(child));
    const textMarks = children.filter((atom) => atom.kind === 'text').map((atom) => atom.marks);
    const shared = new Set(WRAPPING_MARKS.filter((mark) => textMarks.length > 0 && textMarks.every((marks) => marks.has(mark))));
    return [{ kind: 'link', url: this.resolveRef(node.data.ref), children, marks: shared }];
  }
}

class PhrasingWriter {
  constructor(
    private readonly resolveRef: (ref: ContentRef) => string | undefined,
    private readonly inTableCell: boolean,
  ) {}

  write(atoms: Atom[], active = new Set<MarkType>()): PhrasingContent[] {
    const result: PhrasingContent[] = [];
    let index = 0;
    while (index < atoms.length) {
      const mark = this.widestMark(atoms, index, active);
      if (mark) {
        let end = index;
        while (end < atoms.length && atoms[end].marks.has(mark)) end++;
        const inner = this.write(atoms.slice(index, end), new Set([...active, mark]));
        const type = mark === 'bold' ? 'strong' : mark === 'italic' ? 'emphasis' : 'delete';
        result.push({ type, children: inner });
        index = end;
      } else {
        result.push(...this.atom(atoms[index], active));
        index++;
      }
    }
    return result;
  }

  /** The not-yet-applied mark of `atoms[index]` that covers the longest run from there. */
  private widestMark(atoms: Atom[], index: number, active: Set<MarkType>): WrappingMark | undefined {
    let best: WrappingMark | undefined;
    let bestLength = 0;
    for (const mark of WRAPPING_MARKS) {
      if (active.has(mark) || !atoms[index].marks.has(mark)) continue;
      let end = index;
      while (end < atoms.length && atoms[end].marks.has(mark)) end++;
      if (end - index > bestLength) {
        best = mark;
        bestLength = end - index;
      }
    }
    return best;
  }

  private atom(atom: Atom, active: Set<MarkType>): PhrasingContent[] {
    switch (atom.kind) {
      case 'text':
        if (atom.marks.has('code')) return [{ type: 'inlineCode', value: atom.text.replace(/\n/g, ' ') }];
        return this.text(atom.text);
      case 'image': {
        const url = this.resolveRef(atom.image.data.ref);
        if (url === undefined) return [];
        return [{ type: 'image', url, alt: atom.image.data.alt ?? null, title: atom.image.data.caption ?? null }];
      }
      case 'link': {
        const children = this.write(atom.children, new Set([...active, ...atom.marks]));
        return atom.url === undefined ? children : [{ type: 'link', url: atom.url, title: null, children }];
      }
    }
  }

  /** "\n" in the document is a hard line break; a table row cannot hold one, so cells use `<br>`. */
  private text(value: string): PhrasingContent[] {
    return value.split('\n').flatMap((part, index): PhrasingContent[] => {
      const lineBreak: PhrasingContent[] = index === 0 ? [] : [this.inTableCell ? { type: 'html', value: '<br>' } : { type: 'break' }];
      return part ? [...lineBreak, { type: 'text', value: part }] : lineBreak;
    });
  }
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
 */
function singleTagLine(nodes: InlineContent[]): string | undefined {
  const [only] = nodes;
  if (nodes.length !== 1 || only.object !== 'text' || only.leaves.length !== 1 || only.leaves[0].marks.length > 0) return undefined;
  const text = only.leaves[0].text;
  const segments = splitLiquidLine(text);
  return segments.length === 1 && segments[0].kind === 'tag' && segments[0].raw === text ? text : undefined;
}
