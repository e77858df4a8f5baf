// mdast node types for the GitBook-style blocks. The parser produces `liquidTag` lines
// (`{% name attr="value" %}`); `pairGitbookBlocks` then folds matching open/close tags, and
// `<details>` HTML, into the container nodes below, so the rest of the code sees a typed tree.
import type { BlockContent, Parent, PhrasingContent, Literal } from 'mdast';

export interface LiquidTag extends Literal {
  type: 'liquidTag';
  /** The whole source line, trimmed: one or more tags, possibly with text between them. */
  value: string;
}

export interface HintNode extends Parent {
  type: 'hint';
  style: string;
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
}

export interface ExpandableNode extends Parent {
  type: 'expandable';
  open: boolean;
  summary: PhrasingContent[];
  children: BlockContent[];
}

/** Attributes of a `{% code %}` wrapper (or a fence's `title="…"` meta), kept on the code node. */
export interface CodeOptions {
  title?: string;
  overflow?: 'scroll' | 'wrap';
  lineNumbers?: boolean;
  fullWidth?: boolean;
}

/** The node types above, registered both as block content and as root content below. */
export interface GitbookBlockMap {
  liquidTag: LiquidTag;
  hint: HintNode;
  tabs: TabsNode;
  tab: TabNode;
  contentRef: ContentRefNode;
  embed: EmbedNode;
  expandable: ExpandableNode;
}

// Module augmentation can only add to mdast's maps by extending them; they need no members of their own.
/* eslint-disable @typescript-eslint/no-empty-object-type */
declare module 'mdast' {
  interface BlockContentMap extends GitbookBlockMap {}
  interface RootContentMap extends GitbookBlockMap {}
  interface CodeData {
    gitbook?: CodeOptions;
  }
}
/* eslint-enable @typescript-eslint/no-empty-object-type */
