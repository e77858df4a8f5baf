// `liquidBlock` mdast nodes → their official Document blocks (`DocumentBlockStepper`,
// `DocumentBlockColumns`, `DocumentBlockIf`, `DocumentBlockUpdates`, `DocumentBlockOpenAPI` (type
// `swagger`), `DocumentBlockOpenAPIOperation`, `DocumentBlockFile`, `DocumentBlockReusableContent`,
// `DocumentBlockContentRef`), and back to mdast for writing.
import type { BlockContent, Html, RootContent } from 'mdast';
import type { ColumnBlock, DocumentBlock, Length, PromptBlock, StepperStepBlock, UpdateBlock, UpdatesBlock } from './document.types';
import type { LiquidBlockNode } from './gitbook-mdast';
import { length } from './html-blocks';
import { apiMethodBlock, apiMethodMarkdown, withoutApiMethodTags } from './legacy-api-method';
import { legacySwaggerBlock, legacySwaggerMarkdown } from './legacy-swagger';
import { stringifyMarkdown } from './processor';

type Allowed = Set<DocumentBlock['type']>;

/** What LiquidBlocks needs of MarkdownToDocument. */
export interface BlockConverter {
  blocks(children: RootContent[], allowed: Allowed): DocumentBlock[];
  nonEmpty(blocks: DocumentBlock[]): DocumentBlock[];
  newKey(): string;
}

export interface LiquidAllowed {
  document: Allowed;
  step: Allowed;
  column: Allowed;
  update: Allowed;
}

const PROMPT_CONTENT = new Set<DocumentBlock['type']>(['code']);

const UPDATE_FORMATS = ['numeric', 'full', 'short'] as const;

export class LiquidBlocks {
  constructor(
    private readonly converter: BlockConverter,
    private readonly allowed: LiquidAllowed,
  ) {}

  /** The block of `node`, or `'as-source'` when it cannot be one (an `{% openapi %}` without `src`, a stray `{% step %}`). */
  block(node: LiquidBlockNode, key: string): DocumentBlock | 'as-source' {
    const { name, attributes } = node;
    const base = { object: 'block' as const, key };
    const integration = /^@([\w-]+)\/([\w-]+)$/.exec(name);
    if (integration)
      return {
        ...base,
        type: 'integration',
        isVoid: true,
        data: { integration: integration[1], block: integration[2], props: { ...attributes } },
      };
    switch (name) {
      case 'stepper':
        return { ...base, type: 'stepper', isVoid: false, data: {}, nodes: this.items(node, 'step', (item) => this.step(item)) };
      case 'step':
        return this.step(node);
      case 'columns':
        return { ...base, type: 'columns', isVoid: false, data: {}, nodes: this.items(node, 'column', (item) => this.column(item)) };
      case 'column':
        return this.column(node);
      case 'if':
        if (!node.argument) return 'as-source';
        return {
          ...base,
          type: 'if',
          isVoid: false,
          data: { expression: node.argument },
          nodes: this.children(node, this.allowed.document),
        };
      case 'updates': {
        // An update without a readable date has no official form: the whole block stays visible as written.
        if (
          node.children.some(
            (child) => child.type === 'liquidBlock' && child.name === 'update' && timestamp(child.attributes.date) === undefined,
          )
        )
          return 'as-source';
        const format = (UPDATE_FORMATS as readonly string[]).includes(attributes.format)
          ? (attributes.format as UpdatesBlock['data']['format'])
          : 'full';
        return {
          ...base,
          type: 'updates',
          isVoid: false,
          data: { format },
          nodes: this.items(node, 'update', (item) => this.update(item)),
        };
      }
      case 'update':
        return timestamp(node.attributes.date) === undefined ? 'as-source' : this.update(node);
      case 'swagger':
        // A legacy `{% swagger %}` written by hand (no `src`) describes its operation inline.
        if (!attributes.src)
          return legacySwaggerBlock(node, key, (children) => stringifyMarkdown({ type: 'root', children }).replace(/\n+$/, ''));
        return specOperation(key, attributes);
      case 'openapi':
        return specOperation(key, attributes);
      case 'api-method':
        // GitBook's oldest hand-written operation, read as the `{% swagger %}` GitBook migrated it to.
        return apiMethodBlock(node, key, (children) => stringifyMarkdown({ type: 'root', children }).replace(/\n+$/, ''));
      case 'openapi-operation':
        if (!attributes.spec || !attributes.path || !attributes.method) return 'as-source';
        return {
          ...base,
          type: 'openapi-operation',
          isVoid: true,
          data: { ref: { kind: 'openapi', spec: attributes.spec }, path: attributes.path, method: attributes.method.toLowerCase() },
        };
      case 'file':
        if (!attributes.src) return 'as-source';
        attributes.src = unbracketed(attributes.src);
        // A file block holds a file of the space (the official schema allows no URL there): a file
        // elsewhere on the web is an embed of its URL, which readers show as a link to it.
        if (/^[a-z][a-z0-9+.-]*:/i.test(attributes.src)) return { ...base, type: 'embed', isVoid: true, data: { url: attributes.src } };
        return { ...base, type: 'file', isVoid: true, data: { ref: { kind: 'url', url: attributes.src } } };
      case 'prompt': {
        // One code block, the prompt, under a description: anything else has no official form.
        const nodes = this.converter.blocks(node.children, PROMPT_CONTENT);
        const [code] = nodes;
        if (!attributes.description || nodes.length !== 1 || code.type !== 'code') return 'as-source';
        const expanded = ['hidden', 'partial', 'full'].includes(attributes.defaultExpanded) ? attributes.defaultExpanded : undefined;
        const data: PromptBlock['data'] = { description: attributes.description };
        if (attributes.icon) data.icon = attributes.icon;
        if (attributes.openInAIProviders === 'true' || attributes.openInAIProviders === 'false')
          data.openInAIProviders = attributes.openInAIProviders === 'true';
        if (expanded) data.defaultExpanded = expanded as PromptBlock['data']['defaultExpanded'];
        return { ...base, type: 'prompt', isVoid: false, data, nodes: [code] };
      }
      case 'include': {
        const path = unquote(node.argument);
        if (!path) return 'as-source';
        return { ...base, type: 'reusable-content', isVoid: true, data: { ref: { kind: 'reusable-content', reusableContent: path } } };
      }
      case 'page-ref': {
        const page = attributes.page ?? unquote(node.argument);
        if (!page) return 'as-source';
        return { ...base, type: 'content-ref', isVoid: true, data: { ref: { kind: 'url', url: page } } };
      }
      default:
        return 'as-source';
    }
  }

  private children(node: LiquidBlockNode, allowed: Allowed): DocumentBlock[] {
    return this.converter.nonEmpty(this.converter.blocks(node.children, allowed));
  }

  /** The `{% step %}`s of a stepper (or columns, updates); anything between them joins the item before it. */
  private items<T>(node: LiquidBlockNode, itemName: string, build: (item: LiquidBlockNode) => T): T[] {
    const items: LiquidBlockNode[] = [];
    for (const child of node.children) {
      if (child.type === 'liquidBlock' && child.name === itemName) items.push({ ...child, children: [...child.children] });
      else if (items.length > 0) items[items.length - 1].children.push(child);
      else items.push({ type: 'liquidBlock', name: itemName, attributes: {}, argument: '', children: [child] });
    }
    return items.map(build);
  }

  private step(node: LiquidBlockNode): StepperStepBlock {
    return {
      object: 'block',
      type: 'stepper-step',
      key: this.converter.newKey(),
      isVoid: false,
      data: {},
      nodes: this.children(node, this.allowed.step),
    };
  }

  private column(node: LiquidBlockNode): ColumnBlock {
    const width = length(node.attributes.width);
    return {
      object: 'block',
      type: 'column',
      key: this.converter.newKey(),
      isVoid: false,
      data: width === undefined ? {} : { width },
      nodes: this.children(node, this.allowed.column),
    };
  }

  private update(node: LiquidBlockNode): UpdateBlock {
    return {
      object: 'block',
      type: 'update',
      key: this.converter.newKey(),
      isVoid: false,
      // An update whose date does not read stays with the literal tags (see `block`).
      data: { date: timestamp(node.attributes.date) ?? '', ...updateTags(node.attributes.tags) },
      nodes: this.children(node, this.allowed.update),
    };
  }
}

/** `tags="added,improved"` → tag references by slug. */
function updateTags(value: string | undefined): Pick<UpdateBlock['data'], 'tags'> {
  const slugs = (value ?? '')
    .split(',')
    .map((slug) => slug.trim())
    .filter((slug) => slug.length > 0);
  return slugs.length > 0 ? { tags: slugs.map((tag) => ({ kind: 'tag' as const, tag })) } : {};
}

const tagsAttribute = (update: UpdateBlock): string | undefined => update.data.tags?.map((tag) => tag.tag).join(',');

/** `{% openapi src path method %}`: an operation of a specification at a URL (or a file of the repository). */
function specOperation(key: string, attributes: Record<string, string>): DocumentBlock | 'as-source' {
  if (!attributes.src || !attributes.path || !attributes.method) return 'as-source';
  return {
    object: 'block',
    key,
    type: 'swagger',
    isVoid: true,
    data: { ref: { kind: 'url', url: unbracketed(attributes.src) }, path: attributes.path, method: attributes.method.toLowerCase() },
  };
}

/** GitBook writes some URLs in attributes as a Markdown destination in brackets: `src="<https://…>"`. */
function unbracketed(url: string): string {
  return url.length > 2 && url.startsWith('<') && url.endsWith('>') ? url.slice(1, -1) : url;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const MIDNIGHT = /^(\d{4}-\d{2}-\d{2})T00:00:00(?:\.000)?Z$/;

/** `date="2024-01-02"` (GitBook writes a day) → the official `Timestamp` `2024-01-02T00:00:00.000Z`. */
function timestamp(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const date = new Date(DATE_ONLY.test(value) ? `${value}T00:00:00.000Z` : value);
  if (Number.isNaN(date.getTime())) return undefined;
  return DATE_ONLY.test(value) ? date.toISOString() : value;
}

/** A timestamp at midnight UTC is written as its day, as GitBook writes it. */
function dateAttribute(value: string): string {
  return MIDNIGHT.exec(value)?.[1] ?? value;
}

function unquote(value: string): string {
  return value
    .trim()
    .replace(/^(["'])(.*)\1$/, '$2')
    .trim();
}

/** The blocks written as Liquid tags. */
export type LiquidDocumentBlock = Extract<
  DocumentBlock,
  {
    type:
      | 'stepper'
      | 'stepper-step'
      | 'columns'
      | 'column'
      | 'if'
      | 'updates'
      | 'update'
      | 'swagger'
      | 'openapi-operation'
      | 'file'
      | 'integration'
      | 'reusable-content'
      | 'prompt';
  }
>;

/** Document → mdast for the blocks above; `flow` writes child blocks, `url` resolves a reference (undefined: left out). */
export function liquidBlockToMdast(
  node: LiquidDocumentBlock,
  flow: (nodes: DocumentBlock[]) => BlockContent[],
  url: (ref: Extract<DocumentBlock, { type: 'file' }>['data']['ref']) => string | undefined,
  includePath: (id: string) => string | undefined = () => undefined,
): LiquidBlockNode | Html | undefined {
  const tag = (
    name: string,
    attributes: Record<string, string | undefined>,
    children: BlockContent[] = [],
    extra: Partial<LiquidBlockNode> = {},
  ): LiquidBlockNode => ({
    type: 'liquidBlock',
    name,
    attributes: Object.fromEntries(Object.entries(attributes).filter((entry): entry is [string, string] => entry[1] !== undefined)),
    argument: '',
    children,
    ...extra,
  });
  switch (node.type) {
    case 'stepper':
      return tag(
        'stepper',
        {},
        node.nodes.map((step) => tag('step', {}, flow(step.nodes))),
      );
    case 'stepper-step':
      return tag('stepper', {}, [tag('step', {}, flow(node.nodes))]);
    case 'columns':
      return tag(
        'columns',
        {},
        node.nodes.map((column) => columnTag(column, flow, tag)),
      );
    case 'column':
      return tag('columns', {}, [columnTag(node, flow, tag)]);
    case 'if':
      return tag('if', {}, flow(node.nodes), { argument: node.data.expression });
    case 'updates':
      return tag(
        'updates',
        // GitBook writes the format even when it is the default.
        { format: node.data.format },
        node.nodes.map((update) =>
          tag('update', { date: dateAttribute(update.data.date), tags: tagsAttribute(update) }, flow(update.nodes)),
        ),
      );
    case 'update':
      return tag('updates', { format: 'full' }, [
        tag('update', { date: dateAttribute(node.data.date), tags: tagsAttribute(node) }, flow(node.nodes)),
      ]);
    case 'swagger': {
      // An operation written inline (a hand-written `{% swagger %}`) goes back to its tags, as written.
      const inline = apiMethodMarkdown(node) ?? legacySwaggerMarkdown(withoutApiMethodTags(node));
      if (inline !== undefined) return { type: 'html', value: inline };
      const src = url(node.data.ref);
      return src ? tag('openapi', { src, path: node.data.path, method: node.data.method }, [fallbackLink(src)]) : undefined;
    }
    case 'openapi-operation':
      return tag('openapi-operation', { spec: node.data.ref.spec, path: node.data.path, method: node.data.method }, [
        fallbackLink(node.data.ref.spec),
      ]);
    case 'file': {
      const src = url(node.data.ref);
      return src ? tag('file', { src }, [], { single: true }) : undefined;
    }
    case 'prompt': {
      const { description, icon, openInAIProviders, defaultExpanded } = node.data;
      const open = openInAIProviders === undefined ? undefined : String(openInAIProviders);
      return tag('prompt', { description, icon, defaultExpanded, openInAIProviders: open }, flow(node.nodes));
    }
    case 'integration':
      return tag(`@${node.data.integration}/${node.data.block}`, node.data.props, [], { single: true });
    case 'reusable-content':
      return tag('include', {}, [], {
        single: true,
        argument: JSON.stringify(includePath(node.data.ref.reusableContent) ?? node.data.ref.reusableContent),
      });
  }
}

function columnTag(
  column: ColumnBlock,
  flow: (nodes: DocumentBlock[]) => BlockContent[],
  tag: (name: string, attributes: Record<string, string | undefined>, children?: BlockContent[]) => LiquidBlockNode,
): LiquidBlockNode {
  return tag('column', { width: formatLength(column.data.width) }, flow(column.nodes));
}

function formatLength(value: Length | undefined): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'number' ? String(value) : `${value.value}${value.unit}`;
}

/**
 * GitBook writes a link to the specification inside `{% openapi %}`, for renderers without the tag:
 * labelled with its URL, or with the file's name for a file uploaded to GitBook (`…%2Fspec.json?alt=media`).
 */
function fallbackLink(target: string): BlockContent {
  return {
    type: 'paragraph',
    children: [{ type: 'link', url: target, title: null, children: [{ type: 'text', value: specLabel(target) }] }],
  };
}

function specLabel(target: string): string {
  if (/^https?:\/\//i.test(target) && !/\bfiles\.gitbook\.io\/|gitbook-x-prod\.appspot\.com\//i.test(target)) return target;
  const path = target.replace(/[?#].*$/, '');
  let name = path.slice(path.lastIndexOf('/') + 1);
  try {
    name = decodeURIComponent(name);
  } catch {
    // kept as written
  }
  return name.slice(name.lastIndexOf('/') + 1) || target;
}
