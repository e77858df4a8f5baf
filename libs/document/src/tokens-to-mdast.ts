// markdown-it tokens → the mdast that remark-parse with remark-gfm gave (and the rest of this
// library reads): the same node types and fields, built in one pass over the flat token stream
// with a stack, no recursion over the document's nesting.
import type MarkdownIt from 'markdown-it';
import type {
  Blockquote,
  Code,
  FootnoteDefinition,
  Heading,
  List,
  ListItem,
  Nodes,
  Paragraph,
  Parent,
  PhrasingContent,
  RootContent,
  Table,
  TableCell,
  TableRow,
} from 'mdast';
import { autolinkLiterals } from './autolink-literals';
import type { LiquidTag, MathNode } from './gitbook-mdast';
import { markdownCellBlocks } from './html-blocks';

type Token = MarkdownIt.Token;

/** A GFM task list item's checkbox at the start of its first paragraph, then whitespace. */
const TASK = /^\[([ xX])\][ \t\n]/;

export function tokensToMdast(tokens: Token[], unescape: (text: string) => string): RootContent[] {
  const root: { type: 'root'; children: RootContent[] } = { type: 'root', children: [] };
  const stack: Parent[] = [root];
  // The table being read, and whether its header row is.
  let table: Table | undefined;
  let inHead = false;
  const add = (node: RootContent): void => void stack[stack.length - 1].children.push(node);
  const open = (node: RootContent & Parent): void => {
    add(node);
    stack.push(node);
  };
  for (const token of tokens) {
    switch (token.type) {
      case 'paragraph_open': {
        const parent = stack[stack.length - 1];
        // A list is loose (spread) when its items' paragraphs are not tight (hidden).
        if (parent.type === 'listItem' && !token.hidden) looseList(stack);
        open({ type: 'paragraph', children: [] } satisfies Paragraph);
        break;
      }
      case 'heading_open':
        open({ type: 'heading', depth: Number(token.tag.slice(1)) as Heading['depth'], children: [] } satisfies Heading);
        break;
      case 'blockquote_open':
        open({ type: 'blockquote', children: [] } satisfies Blockquote);
        break;
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const ordered = token.type === 'ordered_list_open';
        const start = ordered ? Number(token.attrGet('start') ?? 1) : null;
        open({ type: 'list', ordered, start, spread: false, children: [] } satisfies List);
        break;
      }
      case 'list_item_open':
        open({ type: 'listItem', spread: false, checked: null, children: [] } satisfies ListItem);
        break;
      case 'list_item_close': {
        const item = stack.pop() as ListItem;
        const list = stack[stack.length - 1] as List;
        item.spread = list.spread ?? false;
        break;
      }
      case 'table_open':
        table = { type: 'table', align: [], children: [] };
        open(table);
        break;
      case 'thead_open':
        inHead = true;
        break;
      case 'thead_close':
        inHead = false;
        break;
      case 'tr_open':
        open({ type: 'tableRow', children: [] } satisfies TableRow);
        break;
      case 'th_open':
      case 'td_open':
        if (inHead && table) table.align!.push(cellAlign(token));
        open({ type: 'tableCell', children: [] } satisfies TableCell);
        break;
      case 'footnote_reference_open': {
        const label = String((token.meta as { label: string }).label);
        open({ type: 'footnoteDefinition', identifier: normalizeIdentifier(label), label, children: [] } satisfies FootnoteDefinition);
        break;
      }
      case 'paragraph_close':
      case 'heading_close':
      case 'blockquote_close':
      case 'bullet_list_close':
      case 'ordered_list_close':
      case 'tr_close':
      case 'th_close':
      case 'td_close':
      case 'footnote_reference_close':
        stack.pop();
        break;
      case 'table_close':
        stack.pop();
        table = undefined;
        break;
      case 'inline': {
        const parent = stack[stack.length - 1];
        parent.children = phrasing(token.children ?? []);
        if (parent.type === 'tableCell') {
          const blocks = markdownCellBlocks(token.content);
          if (blocks) parent.data = { ...parent.data, blocks };
        }
        if (parent.type === 'paragraph') taskItem(stack);
        break;
      }
      case 'fence': {
        const [, lang, meta] = /^(\S*)\s*([\s\S]*)$/.exec(token.info.trim())!;
        add({
          type: 'code',
          lang: lang ? unescape(lang) : null,
          meta: meta ? unescape(meta) : null,
          value: withoutFinalLineEnding(token.content),
        } satisfies Code);
        break;
      }
      case 'code_block':
        add({ type: 'code', lang: null, meta: null, value: withoutFinalLineEnding(token.content) } satisfies Code);
        break;
      case 'html_block':
        add({ type: 'html', value: withoutFinalLineEnding(token.content).replace(/^[ \t]+/, '') });
        break;
      case 'hr':
        add({ type: 'thematicBreak' });
        break;
      case 'liquid_line':
        add({ type: 'liquidTag', value: token.content } satisfies LiquidTag);
        break;
      case 'math_block':
        add({ type: 'math', value: token.content } satisfies MathNode);
        break;
    }
  }
  return root.children;
}

function looseList(stack: Parent[]): void {
  const list = stack[stack.length - 2];
  if (list?.type === 'list') (list as List).spread = true;
}

/**
 * GFM task lists: `- [x] done` is an item with `checked`, its paragraph without the checkbox and
 * the one whitespace character after it (the rest of the line must not be blank).
 */
function taskItem(stack: Parent[]): void {
  const paragraph = stack[stack.length - 1] as Paragraph;
  const item = stack[stack.length - 2] as ListItem | undefined;
  if (item?.type !== 'listItem' || item.children[0] !== paragraph) return;
  const head = paragraph.children[0];
  if (head?.type !== 'text') return;
  const box = TASK.exec(head.value);
  if (!box || (head.value.slice(4).trim() === '' && paragraph.children.length === 1)) return;
  item.checked = box[1] !== ' ';
  head.value = head.value.slice(4);
  if (head.value === '') paragraph.children.shift();
}

function cellAlign(token: Token): Table['align'] extends (infer A)[] | null | undefined ? A : never {
  const style = token.attrGet('style');
  if (style === 'text-align:left') return 'left';
  if (style === 'text-align:right') return 'right';
  if (style === 'text-align:center') return 'center';
  return null;
}

function withoutFinalLineEnding(value: string): string {
  return value.endsWith('\n') ? value.slice(0, -1) : value;
}

/** mdast's identifier of a label: whitespace collapsed, case folded. */
function normalizeIdentifier(label: string): string {
  return label
    .replace(/[\t\n\r ]+/g, ' ')
    .trim()
    .toLowerCase()
    .toUpperCase();
}

interface PhrasingParent {
  children: PhrasingContent[];
}

/** Inline tokens → phrasing; text, escapes, references and soft line endings merged into one text node each run. */
function phrasing(tokens: Token[]): PhrasingContent[] {
  const root: PhrasingParent = { children: [] };
  const stack: PhrasingParent[] = [root];
  const add = (node: PhrasingContent): void => void stack[stack.length - 1].children.push(node);
  const text = (value: string): void => {
    if (value === '') return; // emphasis leaves its used-up delimiters as empty text tokens
    const siblings = stack[stack.length - 1].children;
    const last = siblings[siblings.length - 1];
    if (last?.type === 'text') last.value += value;
    else siblings.push({ type: 'text', value });
  };
  const open = (node: PhrasingContent & PhrasingParent): void => {
    add(node);
    stack.push(node);
  };
  for (const token of tokens) {
    switch (token.type) {
      case 'text':
      case 'text_special':
        text(token.content);
        break;
      case 'softbreak':
        text('\n');
        break;
      case 'hardbreak':
        add({ type: 'break' });
        break;
      case 'code_inline':
        add({ type: 'inlineCode', value: token.content });
        break;
      case 'em_open':
        open({ type: 'emphasis', children: [] });
        break;
      case 'strong_open':
        open({ type: 'strong', children: [] });
        break;
      case 's_open':
        open({ type: 'delete', children: [] });
        break;
      case 'link_open':
        open({ type: 'link', url: token.attrGet('href') ?? '', title: token.attrGet('title'), children: [] });
        break;
      case 'em_close':
      case 'strong_close':
      case 's_close':
      case 'link_close':
        stack.pop();
        break;
      case 'image':
        add({
          type: 'image',
          url: token.attrGet('src') ?? '',
          title: token.attrGet('title'),
          alt: plainText(phrasing(token.children ?? [])),
        });
        break;
      case 'html_inline':
        add({ type: 'html', value: token.content });
        break;
      case 'math_inline':
        add({ type: 'inlineMath', value: token.content });
        break;
      case 'footnote_ref': {
        const label = String((token.meta as { label: string }).label);
        add({ type: 'footnoteReference', identifier: normalizeIdentifier(label), label });
        break;
      }
    }
  }
  return autolinkLiterals(root.children);
}

/** mdast-util-to-string: the text of nodes (values, image alts), without markup. */
function plainText(nodes: Nodes[]): string {
  let result = '';
  for (const node of nodes) {
    if ('value' in node) result += node.value;
    else if ('children' in node) result += plainText(node.children);
    else if (node.type === 'image') result += node.alt ?? '';
  }
  return result;
}
