// The rich-text Document of the API (spec "Document (rich text)"; official schemas `JSONDocument`,
// `DocumentBlock*`, `DocumentInline*`, `DocumentText`, `DocumentTextMark`). Only the node types that
// Markdown can express are modelled; documents written through the API may hold others (OpenAPI
// blocks, drawings, ...), which the Markdown writer skips at run time.

export type MarkType = 'bold' | 'italic' | 'strikethrough' | 'code';

export interface DocumentMark {
  object: 'mark';
  type: MarkType;
}

export interface DocumentLeaf {
  object: 'leaf';
  text: string;
  marks: DocumentMark[];
}

export interface DocumentText {
  object: 'text';
  key?: string;
  leaves: DocumentLeaf[];
}

/** Where a link, image or content reference points (official `ContentRef`, subset). */
export type ContentRef =
  | { kind: 'url'; url: string }
  | { kind: 'file'; file: string; space?: string }
  | { kind: 'page'; page: string; space?: string }
  | { kind: 'anchor'; anchor: string; page?: string; space?: string };

export interface InlineImage {
  object: 'inline';
  type: 'inline-image';
  key?: string;
  isVoid: true;
  data: { ref: ContentRef; alt?: string; caption?: string };
}

export interface InlineLink {
  object: 'inline';
  type: 'link';
  key?: string;
  isVoid?: false;
  data: { ref: ContentRef };
  nodes: Array<DocumentText | InlineImage>;
}

export type DocumentInline = InlineLink | InlineImage;
export type InlineContent = DocumentText | DocumentInline;

interface BlockBase<T extends string> {
  object: 'block';
  type: T;
  key?: string;
}

export interface ParagraphBlock extends BlockBase<'paragraph'> {
  isVoid?: false;
  data?: Record<string, never>;
  nodes: InlineContent[];
}

export type HeadingType = 'heading-1' | 'heading-2' | 'heading-3';

export interface HeadingBlock extends BlockBase<HeadingType> {
  isVoid?: false;
  data: { id?: string };
  nodes: InlineContent[];
}

export interface ListItemBlock extends BlockBase<'list-item'> {
  isVoid?: false;
  data?: { checked?: boolean };
  nodes: DocumentBlock[];
}

export interface OrderedListBlock extends BlockBase<'list-ordered'> {
  isVoid?: false;
  data: { start?: number };
  nodes: ListItemBlock[];
}

export interface UnorderedListBlock extends BlockBase<'list-unordered'> {
  isVoid?: false;
  data?: Record<string, never>;
  nodes: ListItemBlock[];
}

export interface TaskListBlock extends BlockBase<'list-tasks'> {
  isVoid?: false;
  data?: Record<string, never>;
  nodes: ListItemBlock[];
}

export interface DividerBlock extends BlockBase<'divider'> {
  isVoid: true;
  data: Record<string, never>;
}

export interface QuoteBlock extends BlockBase<'blockquote'> {
  isVoid?: false;
  data?: Record<string, never>;
  nodes: DocumentBlock[];
}

export interface CodeLineBlock extends BlockBase<'code-line'> {
  isVoid?: false;
  data: { highlighted?: boolean };
  nodes: DocumentText[];
}

export interface CodeBlock extends BlockBase<'code'> {
  isVoid?: false;
  data: { syntax?: string; title?: string; overflow?: 'scroll' | 'wrap'; lineNumbers?: boolean; fullWidth?: boolean };
  nodes: CodeLineBlock[];
}

export type HintStyle = 'info' | 'warning' | 'danger' | 'success';

export interface HintBlock extends BlockBase<'hint'> {
  isVoid?: false;
  data: { style: HintStyle };
  nodes: DocumentBlock[];
}

/** A named run of blocks held by a void block (image captions, expandable parts, table cells). */
export interface DocumentFragment {
  object: 'fragment';
  key?: string;
  fragment: string;
  type?: string;
  nodes: DocumentBlock[];
}

export interface ImageBlock extends BlockBase<'image'> {
  isVoid: true;
  data: { ref: ContentRef; alt?: string };
  fragments: DocumentFragment[];
}

export interface ImagesBlock extends BlockBase<'images'> {
  isVoid: false;
  data: { align?: 'center' | 'left' | 'right'; fullWidth?: boolean };
  nodes: ImageBlock[];
}

export interface EmbedBlock extends BlockBase<'embed'> {
  isVoid: true;
  data: { url: string; fullWidth?: boolean };
}

export interface ContentRefBlock extends BlockBase<'content-ref'> {
  isVoid: true;
  data: { ref: ContentRef };
}

export interface TabsItemBlock extends BlockBase<'tabs-item'> {
  isVoid?: false;
  data: { title?: string };
  nodes: DocumentBlock[];
}

export interface TabsBlock extends BlockBase<'tabs'> {
  isVoid?: false;
  data?: Record<string, never>;
  nodes: TabsItemBlock[];
}

export interface ExpandableBlock extends BlockBase<'expandable'> {
  isVoid: true;
  data: { defaultExpanded?: boolean };
  fragments: DocumentFragment[];
}

export type TableAlignment = 'left' | 'center' | 'right';

export interface TableColumnDefinition {
  id: string;
  title: string;
  type: 'text';
  textAlignment: TableAlignment;
}

export interface TableRecord {
  orderIndex: string;
  /** Column id → id of the fragment holding the cell's rich text. */
  values: Record<string, string>;
}

export interface TableBlock extends BlockBase<'table'> {
  isVoid: true;
  data: {
    view: { type: 'grid'; columns: string[]; hideHeader: boolean };
    records: Record<string, TableRecord>;
    definition: Record<string, TableColumnDefinition>;
  };
  fragments: DocumentFragment[];
}

export type KnownBlock =
  | ParagraphBlock
  | HeadingBlock
  | OrderedListBlock
  | UnorderedListBlock
  | TaskListBlock
  | ListItemBlock
  | DividerBlock
  | QuoteBlock
  | CodeBlock
  | CodeLineBlock
  | HintBlock
  | ImagesBlock
  | ImageBlock
  | EmbedBlock
  | ContentRefBlock
  | TabsBlock
  | TabsItemBlock
  | ExpandableBlock
  | TableBlock;

export type DocumentBlock = KnownBlock;

export interface Document {
  object: 'document';
  data: { schemaVersion?: number; [field: string]: unknown };
  nodes: DocumentBlock[];
}
