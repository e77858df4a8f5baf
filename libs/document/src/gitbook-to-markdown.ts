// mdast-util-to-markdown handlers that write the GitBook-style nodes back in the form GitBook
// itself exports (tags on their own lines, no blank line inside the tags).
import type { Code, Link, Paragraph, Parents, PhrasingContent } from 'mdast';
import { defaultHandlers, type Handle, type Info, type Options, type State } from 'mdast-util-to-markdown';
import type {
  ContentRefNode,
  EmbedNode,
  ExpandableNode,
  HintNode,
  InlineMathNode,
  LiquidBlockNode,
  LiquidTag,
  MathNode,
  TabNode,
  TabsNode,
} from './gitbook-mdast';
import { formatTag } from './liquid-tags';
import { pathLabel } from './path-label';

function wrap(open: string, body: string, close: string): string {
  // No blank line before the closing tag, even after HTML (a figure, a table): GitBook writes none,
  // and the parser ends an HTML block at a Liquid line (markdown-parser.ts).
  return body ? `${open}\n${body}\n${close}` : `${open}\n${close}`;
}

/** Inline content written through the paragraph handler, so that it gets the escapes of running text. */
function phrasing(children: PhrasingContent[], state: State, info: Info): string {
  const paragraph: Paragraph = { type: 'paragraph', children };
  return defaultHandlers.paragraph(paragraph, undefined, state, info);
}

/**
 * A container's content. A list right before the container must not make the first list inside it
 * switch bullets (`-` for `*`): mdast-util-to-markdown forgets the last bullet only after a sibling.
 */
function flow(node: Parameters<State['containerFlow']>[0], state: State, info: Info): string {
  state.bulletLastUsed = undefined;
  return state.containerFlow(node, info);
}

const liquidTag: Handle = (node: LiquidTag) => node.value;

const hint: Handle = (node: HintNode, _parent, state: State, info: Info) =>
  wrap(formatTag('hint', { style: node.style, icon: node.icon }), flow(node, state, info), formatTag('endhint'));

const tabs: Handle = (node: TabsNode, _parent, state: State, info: Info) =>
  wrap(formatTag('tabs'), flow(node, state, info), formatTag('endtabs'));

const tab: Handle = (node: TabNode, _parent, state: State, info: Info) =>
  wrap(formatTag('tab', { title: node.title }), flow(node, state, info), formatTag('endtab'));

const liquidBlock: Handle = (node: LiquidBlockNode, _parent, state: State, info: Info) => {
  const open = node.argument ? `{% ${node.name} ${node.argument} %}` : formatTag(node.name, node.attributes);
  return node.single ? open : wrap(open, flow(node, state, info), formatTag(`end${node.name}`));
};

const embed: Handle = (node: EmbedNode, _parent, state: State, info: Info) => {
  const open = formatTag('embed', { url: node.url, fullWidth: node.fullWidth === undefined ? undefined : String(node.fullWidth) });
  return node.caption ? wrap(open, phrasing(node.caption.children, state, info), formatTag('endembed')) : open;
};

// The link inside is GitBook's convention (a fallback for plain Markdown renderers), labelled
// as GitBook labels it: the file or folder name (`[setup.md](guides/setup.md)`), a URL elsewhere whole.
const contentRef: Handle = (node: ContentRefNode, _parent, state: State, info: Info) => {
  const link: Link = { type: 'link', url: node.url, children: [{ type: 'text', value: pathLabel(node.url) }] };
  return wrap(formatTag('content-ref', { url: node.url }), phrasing([link], state, info), formatTag('endcontent-ref'));
};

const expandable: Handle = (node: ExpandableNode, _parent, state: State, info: Info) => {
  const summary = phrasing(node.summary, state, info);
  const body = flow(node, state, info);
  const open = node.open ? '<details open>' : '<details>';
  return [open, `<summary>${summary}</summary>`, ...(body ? [body] : []), '</details>'].join('\n\n');
};

const code: Handle = (node: Code, parent: Parents | undefined, state: State, info: Info) => {
  const { highlighted, ...options } = node.data?.gitbook ?? {};
  const fence = highlighted ? highlightedPre(node.value, node.lang, highlighted) : defaultHandlers.code(node, parent, state, info);
  if (Object.values(options).every((value) => value === undefined)) return fence;
  const attributes = {
    title: options.title,
    overflow: options.overflow,
    lineNumbers: options.lineNumbers === undefined ? undefined : String(options.lineNumbers),
    fullWidth: options.fullWidth === undefined ? undefined : String(options.fullWidth),
  };
  return `${formatTag('code', attributes)}\n${fence}\n${formatTag('endcode')}`;
};

/** A code block with highlighted lines as GitBook writes it: `<pre>`, each highlighted line (and its line end) in `<strong>`. */
function highlightedPre(value: string, lang: string | null | undefined, highlighted: number[]): string {
  const marked = new Set(highlighted);
  const escape = (text: string): string => text.replace(/&/g, '&#x26;').replace(/</g, '&#x3C;');
  const lines = value.split('\n').map((line, index) => (marked.has(index) ? `<strong>${escape(line)}\n</strong>` : `${escape(line)}\n`));
  const classes = lang ? [` class="language-${lang}"`, ` class="lang-${lang}"`] : ['', ''];
  return `<pre${classes[0]}><code${classes[1]}>${lines.join('')}</code></pre>`;
}

// Formulas are TeX, written verbatim between GitBook's `$$` delimiters.
const math: Handle = (node: MathNode) => `$$\n${node.value}\n$$`;
const inlineMath: Handle = (node: InlineMathNode) => `$$${node.value}$$`;

export const gitbookToMarkdown: Options = {
  handlers: { liquidTag, liquidBlock, hint, tabs, tab, embed, contentRef, expandable, code, math, inlineMath },
  // Text that would start a line with `{%` is escaped, or it could read back as a Liquid tag line.
  // A paragraph that is exactly one tag is written as a `liquidTag` node instead (see DocumentToMdast).
  // Likewise `$$` in text, or it would read back as a formula.
  unsafe: [
    { character: '{', after: '%', atBreak: true },
    { character: '$', after: '\\$', inConstruct: 'phrasing' },
  ],
};
