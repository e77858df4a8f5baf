// Folds GitBook-style open/close markers among sibling mdast nodes into typed container nodes:
// `{% hint %}…{% endhint %}`, `{% tabs %}{% tab %}…`, `{% code %}` around a fence,
// `{% content-ref %}`, `{% embed %}` and `<details><summary>…</summary>…</details>`.
// Markers that never close (or close in the wrong place) stay as literal nodes, so no text is lost.
import type { BlockContent, Code, Html, List, Paragraph, Parent, PhrasingContent, Root, RootContent } from 'mdast';
import type { CodeOptions, LiquidTag, TabNode } from './gitbook-mdast';
import { htmlFlow } from './html-blocks';
import { API_METHOD_TAGS } from './legacy-api-method';
import { MAX_MARKDOWN_NESTING } from './limits';
import { splitLiquidLine } from './liquid-tags';

/** Parses Markdown into flow nodes with this same pipeline (for text found inside tags or HTML). */
export type ParseFlow = (markdown: string) => RootContent[];

export const HINT_STYLES = ['info', 'warning', 'danger', 'success'] as const;
/**
 * Styles of the legacy GitBook hints plugin and of hand-written pages, mapped to the closest of
 * the four official ones: the plugin showed `tip` as a success alert and `working` as a warning;
 * `note` is a neutral information callout.
 */
const HINT_STYLE_ALIASES: Readonly<Record<string, (typeof HINT_STYLES)[number]>> = { tip: 'success', note: 'info', working: 'warning' };

/** The official hint style a `{% hint style %}` value stands for; undefined for a style of none. */
export function officialHintStyle(style: string): (typeof HINT_STYLES)[number] | undefined {
  if ((HINT_STYLES as readonly string[]).includes(style)) return style as (typeof HINT_STYLES)[number];
  return Object.hasOwn(HINT_STYLE_ALIASES, style) ? HINT_STYLE_ALIASES[style] : undefined;
}
/** The other Liquid blocks, folded into generic `liquidBlock` nodes (see LiquidBlockNode). */
const LIQUID_BLOCK_TAGS = new Set([
  'stepper',
  'step',
  'columns',
  'column',
  'if',
  'updates',
  'update',
  'openapi',
  'openapi-operation',
  'swagger',
  'swagger-description',
  'swagger-parameter',
  'swagger-response',
  'file',
  'prompt',
  ...API_METHOD_TAGS,
]);
/** Tags written with or without a closing tag (`{% file src %}` or `{% file src %}caption{% endfile %}`). */
const OPTIONAL_CLOSE = new Set(['file', 'embed', 'swagger-parameter']);
/** Tags that never have a closing tag. */
const SINGLE_TAGS = new Set(['include', 'page-ref']);
const CONTAINER_TAGS = new Set(['hint', 'tabs', 'tab', 'code', 'content-ref', ...LIQUID_BLOCK_TAGS, 'embed']);

/** `endhint`, `endtab`, …: a tag that closes a block when it reads back, never a free-standing tag. */
export const isContainerCloser = (name: string): boolean => name.startsWith('end') && CONTAINER_TAGS.has(name.slice(3));

interface Frame {
  name: string;
  attributes: Record<string, string>;
  argument?: string;
  /** The opening marker(s), put back verbatim when the frame never closes properly. */
  opener: RootContent[];
  children: RootContent[];
  summary?: PhrasingContent[];
  open?: boolean;
}

const DETAILS_OPEN = /^<details(\s[^>]*)?>/i;
const DETAILS_CLOSE = /<\/details>\s*$/i;
const SUMMARY = /^\s*<summary>([\s\S]*?)<\/summary>/i;

export function pairGitbookBlocks(tree: Root, parseFlow: ParseFlow): void {
  pairWithin(tree, parseFlow);
}

function pairWithin(parent: Parent, parseFlow: ParseFlow): void {
  if (PAIRED_PARENTS.has(parent.type))
    parent.children = parent.children.flatMap((child) => (child.type === 'list' ? [child, ...popTrailingClosers(child)] : [child]));
  for (const child of parent.children) {
    if ('children' in child && child.type !== 'paragraph' && child.type !== 'heading' && child.type !== 'table') {
      pairWithin(child, parseFlow);
    }
  }
  if (PAIRED_PARENTS.has(parent.type)) parent.children = new SiblingPairer(parseFlow).pair(parent.children);
}

const PAIRED_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

/**
 * Closing tags at the very end of a list's last item that close nothing opened in that item: the
 * closer of a block around the list, indented under its last item (as Prettier reformats
 * `{% endhint %}` after a list). Taken out of the list, in order, to follow it.
 */
function popTrailingClosers(list: List): RootContent[] {
  const item = list.children[list.children.length - 1];
  if (!item) return [];
  const popped: RootContent[] = [];
  for (;;) {
    const last = item.children[item.children.length - 1];
    if (last?.type === 'list') {
      const inner = popTrailingClosers(last);
      if (inner.length === 0) break;
      popped.unshift(...inner);
      continue;
    }
    const name = last?.type === 'liquidTag' ? singleTagName(last) : undefined;
    if (
      !name ||
      !isContainerCloser(name) ||
      item.children.some((child) => child.type === 'liquidTag' && singleTagName(child) === name.slice(3))
    )
      break;
    popped.unshift(item.children.pop() as RootContent);
  }
  return popped;
}

function singleTagName(node: LiquidTag): string | undefined {
  const segments = splitLiquidLine(node.value);
  return segments.length === 1 && segments[0].kind === 'tag' ? segments[0].name : undefined;
}

class SiblingPairer {
  private readonly stack: Frame[] = [{ name: '', attributes: {}, opener: [], children: [] }];

  constructor(private readonly parseFlow: ParseFlow) {}

  pair(children: RootContent[]): RootContent[] {
    const nodes = children.flatMap((child) => this.expandLine(child));
    nodes.forEach((node, index) => {
      const html = node.type === 'paragraph' ? htmlParagraph(node) : undefined;
      if (html && this.onHtml(html)) return;
      if (node.type === 'liquidTag') this.onTag(node, nodes, index);
      else if (node.type !== 'html' || !this.onHtml(node)) this.top().children.push(node);
    });
    while (this.stack.length > 1) {
      const unclosed = this.popFrame();
      append(this.top().children, this.unclosed(unclosed));
    }
    return this.top().children;
  }

  private top(): Frame {
    return this.stack[this.stack.length - 1];
  }

  private popFrame(): Frame {
    return this.stack.pop() as Frame;
  }

  /** A Liquid line holding several tags (or tags and text) becomes one node per tag plus parsed text. */
  private expandLine(node: RootContent): RootContent[] {
    if (node.type !== 'liquidTag') return [node];
    const segments = splitLiquidLine(node.value);
    if (segments.length <= 1) return [node];
    return segments.flatMap((segment) =>
      segment.kind === 'tag' ? [{ type: 'liquidTag', value: segment.raw } satisfies LiquidTag] : this.parseFlow(segment.value),
    );
  }

  private onTag(node: LiquidTag, siblings: RootContent[], index: number): void {
    const segments = splitLiquidLine(node.value);
    const tag = segments.length === 1 && segments[0].kind === 'tag' ? segments[0] : undefined;
    if (!tag) return void this.top().children.push(node);
    const frame: Frame = { name: tag.name, attributes: tag.attributes, argument: tag.argument, opener: [node], children: [] };
    if (
      SINGLE_TAGS.has(tag.name) ||
      tag.name.startsWith('@') ||
      (OPTIONAL_CLOSE.has(tag.name) && !closesLater(tag.name, siblings, index))
    ) {
      append(this.top().children, this.build(frame) ?? [node]);
    } else if (CONTAINER_TAGS.has(tag.name) && this.stack.length <= MAX_MARKDOWN_NESTING) {
      // Past the nesting cap an opening tag stays text: every unclosed frame is copied into its
      // parent at the end, so thousands of open tags would cost the square of their number.
      this.stack.push(frame);
    } else if (isContainerCloser(tag.name)) {
      this.close(tag.name.slice(3), node);
    } else {
      this.top().children.push(node);
    }
  }

  /** Closes the innermost open frame called `name`; frames opened inside it and never closed go back to literal text. */
  private close(name: string, closer: RootContent): void {
    const index = this.stack.findLastIndex((frame, i) => i > 0 && frame.name === name);
    if (index < 0) return void this.top().children.push(closer);
    while (this.stack.length - 1 > index) {
      const inner = this.popFrame();
      // `{% endtabs %}` also ends a tab left open, and the end of an `{% api-method %}` part one of
      // its parts left open (GitBook wrote an empty `{% api-method-request %}` without its closing
      // tag); any other frame left open goes back to text.
      const apiMethodPart = inner.name.startsWith('api-method-') && name.startsWith('api-method');
      const implied = (inner.name === 'tab' && name === 'tabs') || apiMethodPart ? this.build(inner) : undefined;
      if (apiMethodPart && implied?.[0]?.type === 'liquidBlock') implied[0].unclosed = true;
      append(this.top().children, implied ?? this.unclosed(inner));
    }
    const frame = this.popFrame();
    append(this.top().children, this.build(frame) ?? [...this.unclosed(frame), closer]);
  }

  private unclosed(frame: Frame): RootContent[] {
    return [...frame.opener, ...frame.children];
  }

  private build(frame: Frame): RootContent[] | undefined {
    const blocks = frame.children as BlockContent[];
    switch (frame.name) {
      case 'hint': {
        const style = frame.attributes.style ?? 'info';
        if (!officialHintStyle(style)) return undefined;
        const icon = frame.attributes.icon;
        return [{ type: 'hint', style, ...(icon ? { icon } : {}), children: blocks }];
      }
      case 'tab':
        return [{ type: 'tab', title: frame.attributes.title ?? '', children: blocks }];
      case 'tabs':
        return [{ type: 'tabs', children: groupIntoTabs(frame.children) }];
      case 'code': {
        const [code] = frame.children;
        if (frame.children.length !== 1 || code.type !== 'code') return undefined;
        return [withCodeOptions(code, frame.attributes)];
      }
      case 'content-ref':
        return frame.attributes.url ? [{ type: 'contentRef', url: frame.attributes.url }] : undefined;
      case 'details':
        return [{ type: 'expandable', open: frame.open ?? false, summary: frame.summary ?? [], children: blocks }];
      case 'file':
        if (!frame.attributes.src) return undefined;
        // A caption between the tags, one paragraph: the file block keeps it (see MarkdownToDocument.blocks).
        if (frame.children.length === 1 && frame.children[0].type === 'paragraph')
          return [{ type: 'liquidBlock', name: 'file', attributes: frame.attributes, argument: frame.argument ?? '', children: blocks }];
        // Other content between the tags has no place in the file block; it follows it.
        return [
          { type: 'liquidBlock', name: 'file', attributes: frame.attributes, argument: frame.argument ?? '', children: [] },
          ...frame.children,
        ];
      case 'embed':
        if (!frame.attributes.url) return undefined;
        const fullWidth = frame.attributes.fullWidth;
        const width = fullWidth === 'true' || fullWidth === 'false' ? { fullWidth: fullWidth === 'true' } : {};
        // One paragraph between the tags is its caption (kept as the paragraph after the embed block).
        if (frame.children.length === 1 && frame.children[0].type === 'paragraph')
          return [{ type: 'embed', url: frame.attributes.url, ...width, caption: frame.children[0] }];
        return [{ type: 'embed', url: frame.attributes.url, ...width }, ...frame.children];
      default:
        // `{% @integration/block … %}`: an integration's block, never closed.
        if (frame.name.startsWith('@'))
          return [{ type: 'liquidBlock', name: frame.name, attributes: frame.attributes, argument: '', children: [], single: true }];
        if (!isLiquidBlock(frame)) return undefined;
        const [opener] = frame.opener;
        return [
          {
            type: 'liquidBlock',
            name: frame.name,
            attributes: frame.attributes,
            argument: frame.argument ?? '',
            children: blocks,
            ...(SINGLE_TAGS.has(frame.name) ? { single: true } : {}),
            ...(frame.opener.length === 1 && opener.type === 'liquidTag' ? { opening: opener.value.trim() } : {}),
          },
        ];
    }
  }

  /** `<details>` may arrive as one HTML node or split over several (blank lines between its parts). */
  private onHtml(node: Html): boolean {
    const value = node.value.trim();
    const converted = htmlFlow(value);
    if (converted) {
      append(this.top().children, converted);
      return true;
    }
    const opening = DETAILS_OPEN.exec(value);
    if (opening) {
      let rest = value.slice(opening[0].length);
      const summary = SUMMARY.exec(rest);
      if (summary) rest = rest.slice(summary[0].length);
      const closes = DETAILS_CLOSE.exec(rest);
      if (closes) rest = rest.slice(0, closes.index);
      const frame: Frame = {
        name: 'details',
        attributes: {},
        opener: [node],
        children: rest.trim() ? this.parseFlow(rest) : [],
        summary: summary ? this.parsePhrasing(summary[1]) : undefined,
        open: /\bopen\b/i.test(opening[1] ?? ''),
      };
      if (closes) append(this.top().children, this.build(frame) ?? []);
      else if (this.stack.length <= MAX_MARKDOWN_NESTING) this.stack.push(frame);
      else return false;
      return true;
    }
    const frame = this.top();
    const summary = SUMMARY.exec(value);
    if (summary && frame.name === 'details' && !frame.summary && frame.children.length === 0) {
      frame.summary = this.parsePhrasing(summary[1]);
      const rest = value.slice(summary[0].length);
      if (rest.trim()) append(frame.children, this.parseFlow(rest));
      return true;
    }
    if (/^<\/details>$/i.test(value) && this.stack.some((f) => f.name === 'details')) {
      this.close('details', node);
      return true;
    }
    return false;
  }

  /**
   * Inline Markdown of a `<summary>`. A leading "a " keeps text such as "1. Install" or "# tag"
   * from parsing as a block, while a delimiter after it still sees whitespace before it, exactly
   * as at the start of a line; the two characters are then taken off again.
   */
  private parsePhrasing(markdown: string): PhrasingContent[] {
    const [first] = this.parseFlow(`a ${markdown.trim()}`);
    if (first?.type !== 'paragraph') return [{ type: 'text', value: markdown.trim() }];
    const [head, ...rest] = first.children;
    if (head?.type !== 'text' || !head.value.startsWith('a ')) return [{ type: 'text', value: markdown.trim() }];
    const value = head.value.slice(2);
    return value ? [{ ...head, value }, ...rest] : rest;
  }
}

/** `target.push(...items)` without passing every item as an argument (which overflows the stack past ~100,000). */
function append<T>(target: T[], items: T[]): void {
  for (const item of items) target.push(item);
}

/**
 * Whether a frame makes a block: an `{% openapi %}` needs its `src`, `path` and `method`, and so on.
 * Otherwise the tags stay text and their content is read as ordinary blocks.
 */
function isLiquidBlock({ name, attributes, argument }: Frame): boolean {
  switch (name) {
    case 'openapi':
      return !!(attributes.src && attributes.path && attributes.method);
    case 'swagger':
      // Hand-written (no `src`), it holds its operation in `swagger-*` parts; GitBook let its path
      // be empty (`path=""`, the whole URL in `baseUrl`).
      return attributes.path !== undefined && !!attributes.method;
    case 'openapi-operation':
      return !!(attributes.spec && attributes.path && attributes.method);
    case 'api-method':
      return attributes.path !== undefined && !!attributes.method;
    case 'file':
      return !!attributes.src;
    case 'include':
    case 'if':
      return !!argument;
    case 'page-ref':
      return !!(attributes.page || argument);
    default:
      return LIQUID_BLOCK_TAGS.has(name);
  }
}

/**
 * A paragraph of nothing but inline HTML (`<picture>…</picture>` or `<img>` with text on the same
 * line is not an HTML block for CommonMark) read as the one HTML node it is, when it starts like an image.
 */
function htmlParagraph(node: Paragraph): Html | undefined {
  const [first] = node.children;
  if (first?.type !== 'html' || !/^<(picture|img|figure)\b/i.test(first.value)) return undefined;
  if (!node.children.every((child) => child.type === 'html' || (child.type === 'text' && !child.value.trim()))) return undefined;
  return { type: 'html', value: node.children.map((child) => (child.type === 'html' ? child.value : ' ')).join('') };
}

/** Whether `{% end<name> %}` comes among the later siblings before another `{% <name> %}` opens. */
function closesLater(name: string, siblings: RootContent[], index: number): boolean {
  for (let i = index + 1; i < siblings.length; i++) {
    const node = siblings[i];
    if (node.type !== 'liquidTag') continue;
    const [tag] = splitLiquidLine(node.value);
    if (tag?.kind !== 'tag') continue;
    if (tag.name === `end${name}`) return true;
    if (tag.name === name) return false;
  }
  return false;
}

/** Content between tabs (rare, hand-written) joins the tab before it rather than being dropped. */
function groupIntoTabs(children: RootContent[]): TabNode[] {
  const tabs: TabNode[] = [];
  for (const child of children) {
    if (child.type === 'tab') tabs.push(child);
    else if (tabs.length > 0) tabs[tabs.length - 1].children.push(child as BlockContent);
    else tabs.push({ type: 'tab', title: '', children: [child as BlockContent] });
  }
  return tabs;
}

function withCodeOptions(code: Code, attributes: Record<string, string>): Code {
  const options: CodeOptions = { ...code.data?.gitbook };
  if (attributes.title !== undefined) options.title = attributes.title;
  if (attributes.overflow === 'wrap' || attributes.overflow === 'scroll') options.overflow = attributes.overflow;
  if (attributes.lineNumbers !== undefined) options.lineNumbers = attributes.lineNumbers === 'true';
  if (attributes.fullWidth !== undefined) options.fullWidth = attributes.fullWidth === 'true';
  return { ...code, data: { ...code.data, gitbook: options } };
}
