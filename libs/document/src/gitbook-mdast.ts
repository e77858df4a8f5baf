// mdast node types for the GitBook-style blocks. The parser produces `liquidTag` lines
// (`{% name attr="value" %}`); `pairGitbookBlocks` then folds matching open/close tags, and
// `<details>` HTML, into the container nodes below, so the rest of the code sees a typed tree.
import type { BlockContent, Literal, Paragraph, Parent, PhrasingContent } from 'mdast';

export interface LiquidTag extends Literal {
  type: 'liquidTag';
  /** The whole source line, trimmed: one or more tags, possibly with text between them. */
  value: string;
}

export interface HintNode extends Parent {
  type: 'hint';
  /** As written: one of the official styles or an alias of one (`tip`, see `officialHintStyle`). */
  style: string;
  icon?: string;
  children: BlockContent[];
}

export interface TabNode extends Parent {
  type: 'tab';
  title: string;
  children: BlockContent[];
}

export interface TabsNode extends Parent {
  type: 'tabs';
  children: TabNode[];
}

export interface ContentRefNode {
  type: 'contentRef';
  url: string;
}

export interface EmbedNode {
  type: 'embed';
  url: string;
  /** `fullWidth="true|false"`, written back as it was. */
  fullWidth?: boolean;
  /** `{% embed url %}caption{% endembed %}`: the caption paragraph. */
  caption?: Paragraph;
}

export interface ExpandableNode extends Parent {
  type: 'expandable';
  open: boolean;
  summary: PhrasingContent[];
  children: BlockContent[];
}

/**
 * The other GitBook Liquid blocks, by tag name: `stepper`/`step`, `columns`/`column`, `if`,
 * `updates`/`update`, `openapi`, `openapi-operation`, `swagger` (and its `swagger-*` parts),
 * `file`, `include`, `page-ref`. `children` is empty for a tag without a closing tag.
 */
export interface LiquidBlockNode extends Parent {
  type: 'liquidBlock';
  name: string;
  attributes: Record<string, string>;
  /** The tag's text after its name (an `if` expression, an `include` path). */
  argument: string;
  children: BlockContent[];
  /** Written without a closing tag (`{% include %}`, `{% page-ref %}`). */
  single?: boolean;
  /** The opening tag as written (its attributes quoted or not), for blocks written back from their tags. */
  opening?: string;
  /** Written without its closing tag, which the end of its parent implied. */
  unclosed?: boolean;
}

/** GitBook's block formula (`$$` lines around TeX); `value` is the TeX. */
export interface MathNode extends Literal {
  type: 'math';
}

/** GitBook's inline formula (`$$TeX$$`). */
export interface InlineMathNode extends Literal {
  type: 'inlineMath';
}

/** Attributes of a `{% code %}` wrapper (or a fence's `title="…"` meta), kept on the code node. */
export interface CodeOptions {
  title?: string;
  overflow?: 'scroll' | 'wrap';
  lineNumbers?: boolean;
  fullWidth?: boolean;
  /** Indexes of highlighted lines (GitBook's `<pre>` with `<strong>` lines). */
  highlighted?: number[];
}

/** What an HTML image (`<figure>`, `<img width>`, `<picture>`, `<div align>`) says beyond a Markdown image. */
export interface ImageOptions {
  width?: number | { value: number; unit: string };
  /** The `<source media="(prefers-color-scheme: dark)">` of a `<picture>`. */
  dark?: string;
  align?: 'left' | 'center' | 'right';
  /** In `<div data-with-frame="true">`: shown in a frame (the images block's `withFrame`). */
  framed?: boolean;
  /** `data-size` of an `<img>` in a line of text. */
  size?: 'original' | 'line';
}

/** What an HTML `<table>` says beyond a Markdown table (GitBook writes a table with these as HTML). */
export interface TableOptions {
  view?: 'cards';
  cardSize?: 'large';
  /** `data-full-width="true|false"`: GitBook writes the attribute either way once it is set. */
  fullWidth?: boolean;
  /** Cards: `data-column-title-hidden`. */
  columnTitleHidden?: boolean;
  headerHidden?: boolean;
  columns: Array<{ width?: number; hidden?: boolean; cardTarget?: boolean; cardCover?: boolean; dataType?: string }>;
}

/** An HTML `align` a block keeps (official `TextAlignment` start, center, end). */
export type TextAlign = 'left' | 'center' | 'right';

/** The node types above, registered both as block content and as root content below. */
export interface GitbookBlockMap {
  liquidTag: LiquidTag;
  hint: HintNode;
  tabs: TabsNode;
  tab: TabNode;
  contentRef: ContentRefNode;
  embed: EmbedNode;
  expandable: ExpandableNode;
  liquidBlock: LiquidBlockNode;
  math: MathNode;
}

// Module augmentation can only add to mdast's maps by extending them; they need no members of their own.
/* eslint-disable @typescript-eslint/no-empty-object-type */
declare module 'mdast' {
  interface BlockContentMap extends GitbookBlockMap {}
  interface RootContentMap extends GitbookBlockMap {
    inlineMath: InlineMathNode;
  }
  interface PhrasingContentMap {
    inlineMath: InlineMathNode;
  }
  interface CodeData {
    gitbook?: CodeOptions;
  }
  interface ImageData {
    gitbook?: ImageOptions;
  }
  interface TableData {
    gitbook?: TableOptions;
  }
  interface TableCellData {
    /** A cell of an HTML table holding paragraphs or lists: its blocks (its `children` keep its text). */
    blocks?: BlockContent[];
  }
  interface HeadingData {
    /** The anchor of `## Title <a href="#id" id="id"></a>`. */
    id?: string;
    /** `<h3 align="center">`: GitBook writes an aligned heading as HTML. */
    align?: TextAlign;
  }
  interface ParagraphData {
    /** `<p align="center">`: GitBook writes an aligned paragraph as HTML. */
    align?: TextAlign;
  }
}
/* eslint-enable @typescript-eslint/no-empty-object-type */
