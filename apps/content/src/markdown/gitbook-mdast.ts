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

declare module 'mdast' {
  interface BlockContentMap {
    liquidTag: LiquidTag;
    hint: HintNode;
    tabs: TabsNode;
    tab: TabNode;
    contentRef: ContentRefNode;
    embed: EmbedNode;
    expandable: ExpandableNode;
  }
  interface RootContentMap {
    liquidTag: LiquidTag;
    hint: HintNode;
    tabs: TabsNode;
    tab: TabNode;
    contentRef: ContentRefNode;
    embed: EmbedNode;
    expandable: ExpandableNode;
  }
  interface CodeData {
    gitbook?: CodeOptions;
  }
}
