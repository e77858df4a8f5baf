// The rich-text Document of the API (spec "Document (rich text)"; official schemas `JSONDocument`,
// `DocumentBlock*`, `DocumentInline*`, `DocumentText`, `DocumentTextMark`). Only the node types that
// Markdown can express are modelled; documents written through the API may hold others (OpenAPI
// blocks, drawings, ...), which the Markdown writer skips at run time.

export type MarkType = 'bold' | 'italic' | 'strikethrough' | 'code' | 'keyboard' | 'superscript' | 'subscript' | 'color';

/** Official `DocumentTextColor`: the palette of `color` marks (text and background). */
export type TextColor =
  | 'default'
  | 'green'
  | 'blue'
  | 'red'
  | 'orange'
  | 'yellow'
  | 'purple'
  | 'pink'
  | 'violet'
  | 'cyan'
  | '$primary'
  | '$info'
  | '$success'
  | '$warning'
  | '$danger'
  | '$tint';

export interface DocumentMark {
  object: 'mark';
  type: MarkType;
  /** `color` marks only (`<mark style="color:…;background-color:…">`). */
  data?: { text: TextColor; background: TextColor };
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
  /** `size: 'line'`: an icon-sized image in a line of text (`<img … data-size="line">`). */
  data: { ref: ContentRef; alt?: string; caption?: string; refDark?: ContentRef; size?: 'original' | 'line' };
}

export interface InlineLink {
  object: 'inline';
  type: 'link';
  key?: string;
  isVoid?: false;
  data: { ref: ContentRef };
  nodes: Array<DocumentText | InlineImage>;
}

/** `<span data-gb-custom-inline data-tag="emoji" data-code="2705">✅</span>`: `code` is the hex code point(s). */
export interface InlineEmoji {
  object: 'inline';
  type: 'emoji';
  key?: string;
  isVoid: true;
  data: { code: string };
}

/** What an action button does (official `DocumentAction`). */
export type ButtonAction = { action: 'search' | 'ask'; query?: string } | { action: 'select'; slug: string };

/**
 * GitBook's `<a href="…" class="button primary" data-icon="…">Label</a>`, or an action button
 * `<button type="button" class="button primary" data-action="ask">Label</button>` (official `DocumentInlineButton`).
 */
export interface InlineButton {
  object: 'inline';
  type: 'button';
  key?: string;
  isVoid: true;
  data: { label: string; kind: 'primary' | 'secondary'; icon?: string } & ({ ref: ContentRef } | { action: ButtonAction });
}

/** GitBook's page mention, `[page.md](page.md "mention")` (official `DocumentInlineMention`): the target's title is shown. */
export interface InlineMention {
  object: 'inline';
  type: 'mention';
  key?: string;
  isVoid: true;
  data: { ref: ContentRef };
}

/** `<i class="fa-rocket" style="color:$primary;">:rocket:</i>`: a Font Awesome icon (official `DocumentInlineIcon`). */
export interface InlineIcon {
  object: 'inline';
  type: 'icon';
  key?: string;
  isVoid: true;
  data: { icon: string; color?: TextColor };
}

/** `$$TeX$$` in running text (official `DocumentInlineMath`). */
export interface InlineMath {
  object: 'inline';
  type: 'inline-math';
  key?: string;
  isVoid: true;
  data: { formula: string };
}

export type DocumentInline = InlineLink | InlineImage | InlineEmoji | InlineButton | InlineMention | InlineIcon | InlineMath;
export type InlineContent = DocumentText | DocumentInline;

interface BlockBase<T extends string> {
  object: 'block';
  type: T;
  key?: string;
}

/** A block's alignment (official `TextAlignment`); GitBook writes it as HTML `align` left, center, right. */
export type TextAlignment = 'start' | 'center' | 'end';

export interface ParagraphBlock extends BlockBase<'paragraph'> {
  isVoid?: false;
  data?: { align?: TextAlignment };
  nodes: InlineContent[];
}

export type HeadingType = 'heading-1' | 'heading-2' | 'heading-3';

export interface HeadingBlock extends BlockBase<HeadingType> {
  isVoid?: false;
  data: { id?: string; align?: TextAlignment };
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
  /**
   * `icon`: an icon name (`{% hint style="info" icon="hand-wave" %}`). `sourceStyle`: a style the
   * source wrote that is no official one (`tip`, shown as `success`), written back while `style` is
   * still the one it maps to; the schema's hint data allows further properties.
   */
  data: { style: HintStyle; icon?: string; sourceStyle?: string };
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
  data: { ref: ContentRef; refDark?: ContentRef; alt?: string; width?: Length; height?: Length };
  fragments: DocumentFragment[];
}

/** Official `Length`: a number of pixels, or a value with a unit (`{value: 50, unit: '%'}`). */
export type Length = number | { value: number; unit: string };

export interface ImagesBlock extends BlockBase<'images'> {
  isVoid: false;
  data: { align?: 'center' | 'left' | 'right'; fullWidth?: boolean; withFrame?: boolean };
  nodes: ImageBlock[];
}

export interface EmbedBlock extends BlockBase<'embed'> {
  isVoid: true;
  /** `captionKey`: the paragraph after the block that is its caption, as for a file (`FileBlock`). */
  data: { url: string; fullWidth?: boolean; captionKey?: string };
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
  /** `content-ref` and `image` columns are the target and cover of a cards view. */
  type: 'text' | 'content-ref' | 'image' | 'files';
  textAlignment?: TableAlignment;
}

export interface TableRecord {
  orderIndex: string;
  /** Column id → id of the fragment holding the cell's rich text; a reference for `content-ref` and `image` columns. */
  values: Record<string, string | ContentRef | { ref: ContentRef } | null>;
}

/** Official `DocumentTableViewGrid` or `DocumentTableViewCards` (one shape, so readers of grids keep working). */
export interface TableView {
  type: 'grid' | 'cards';
  columns: string[];
  /** Grid only (required there). */
  hideHeader?: boolean;
  /** Grid only: column id → width. */
  columnWidths?: Record<string, number>;
  /** Cards only (required there). */
  cardSize?: 'medium' | 'large';
  /** Cards only: the column titles are not shown (`data-column-title-hidden`). */
  hideColumnTitle?: boolean;
  targetDefinition?: string;
  coverDefinition?: string;
}

export interface TableBlock extends BlockBase<'table'> {
  isVoid: true;
  data: {
    view: TableView;
    records: Record<string, TableRecord>;
    definition: Record<string, TableColumnDefinition>;
    fullWidth?: boolean;
  };
  fragments: DocumentFragment[];
}

// The blocks below come from GitBook Liquid tags (`{% stepper %}`, `{% columns %}`, ...). References
// to repository files are written as URL refs (`{kind: 'url', url: 'path'}`); Git Sync resolves
// them to files and pages, as it does for links and images.

/** Blocks a step, a column or an update may hold (a subset of the official lists, what Markdown writes). */
export interface StepperStepBlock extends BlockBase<'stepper-step'> {
  isVoid?: false;
  data: Record<string, never>;
  nodes: DocumentBlock[];
}

export interface StepperBlock extends BlockBase<'stepper'> {
  isVoid?: false;
  data: Record<string, never>;
  nodes: StepperStepBlock[];
}

export interface ColumnBlock extends BlockBase<'column'> {
  isVoid?: false;
  data: { width?: Length };
  nodes: DocumentBlock[];
}

export interface ColumnsBlock extends BlockBase<'columns'> {
  isVoid: false;
  data: { fullWidth?: boolean };
  nodes: ColumnBlock[];
}

/** `{% if expression %}`: content shown when the expression (on the visitor's claims) holds. */
export interface IfBlock extends BlockBase<'if'> {
  isVoid?: false;
  data: { expression: string };
  nodes: DocumentBlock[];
}

export interface UpdateBlock extends BlockBase<'update'> {
  isVoid?: false;
  /** An ISO timestamp (official `Timestamp`); a date alone is written back alone. */
  /** `tags`: `{% update tags="added,fixes" %}`, each an official `ContentRefTag` by its slug. */
  data: { date: string; tags?: Array<{ kind: 'tag'; tag: string }> };
  nodes: DocumentBlock[];
}

export interface UpdatesBlock extends BlockBase<'updates'> {
  isVoid?: false;
  data: { format: 'numeric' | 'full' | 'short' };
  nodes: UpdateBlock[];
}

/** Official `DocumentBlockOpenAPI` (type `swagger`): one operation of an OpenAPI file or URL. */
export interface OpenApiBlock extends BlockBase<'swagger'> {
  isVoid: true;
  data: { ref: ContentRef; path: string; method: string; expanded?: boolean; fullWidth?: boolean };
}

/** One operation of an OpenAPI specification known to the organization, by its slug. */
export interface OpenApiOperationBlock extends BlockBase<'openapi-operation'> {
  isVoid: true;
  data: { ref: { kind: 'openapi'; spec: string }; path: string; method: string };
}

export interface FileBlock extends BlockBase<'file'> {
  isVoid: true;
  /**
   * `captionKey`: the key of the paragraph after the block that is its caption
   * (`{% file src %}caption{% endfile %}`). The schema's file block has no caption; the caption
   * stays a visible paragraph and is written back between the tags while it follows the block.
   */
  data: { ref: ContentRef; captionKey?: string };
}

/** `{% include "path" %}`: `reusableContent` holds the path as written until an importer resolves it. */
/** `{% @integration/block prop="value" %}`: a block rendered by an installed integration (official `DocumentBlockIntegration`). */
export interface IntegrationBlock extends BlockBase<'integration'> {
  isVoid: true;
  data: { integration: string; block: string; props: Record<string, string> };
}

export interface ReusableContentBlock extends BlockBase<'reusable-content'> {
  isVoid: true;
  data: { ref: { kind: 'reusable-content'; reusableContent: string; space?: string } };
}

/** `$$` lines around TeX (official `DocumentBlockMath`). */
export interface MathBlock extends BlockBase<'math'> {
  isVoid: true;
  data: { formula: string };
}

/** `{% prompt description icon defaultExpanded %}` around one code block (official `DocumentBlockPrompt`). */
export interface PromptBlock extends BlockBase<'prompt'> {
  isVoid: false;
  data: { description: string; icon?: string; openInAIProviders?: boolean; defaultExpanded?: 'hidden' | 'partial' | 'full' };
  nodes: [CodeBlock];
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
  | TableBlock
  | StepperBlock
  | StepperStepBlock
  | ColumnsBlock
  | ColumnBlock
  | IfBlock
  | UpdatesBlock
  | UpdateBlock
  | OpenApiBlock
  | OpenApiOperationBlock
  | FileBlock
  | IntegrationBlock
  | ReusableContentBlock
  | MathBlock
  | PromptBlock;

export type DocumentBlock = KnownBlock;

export interface Document {
  object: 'document';
  data: { schemaVersion?: number; [field: string]: unknown };
  nodes: DocumentBlock[];
}
