// Renders a @bindery/document Document as HTML on the server: every block of the model, plus the
// official block types the model does not type yet (math, file) read defensively. Everything from
// the document is escaped; every URL attribute is written by `urlAttr` (safe-url.ts). Code is highlighted by highlight.js, math by KaTeX
// (code-math.ts); with API reference blocks, they are the costly blocks, rendered apart on the
// reader's worker threads (page-blocks.ts). `if` blocks show their children only when their
// expression holds for the visitor (adaptive content).
import {
  type ContentRef,
  type Document,
  type DocumentBlock,
  type DocumentFragment,
  type InlineContent,
  inlineSpec,
} from '@bindery/document';
import type { VisitorContext } from '../access/conditions';
import type { ReaderFile } from '../content/content-source';
import type { OpenApiDoc } from '../openapi/spec-source';
import { esc, slugify } from './escape';
import { isSafeUrl, urlAttr } from './safe-url';
import { ifHolds } from './adaptive';
import { playerFor } from './embed-player';
import { mathSource, MAX_FORMULA_CHARS, MAX_FORMULA_CHARS_PER_PAGE, MAX_HIGHLIGHT_CHARS, MAX_HIGHLIGHT_CHARS_PER_PAGE } from './code-math';
import { MAX_OPENAPI_BLOCKS_PER_PAGE, type OpenApiBlock } from './openapi-blocks';
import { blockMark, fillBlockMarks, type PageBlock, type PageBlocksRenderer, renderPageBlocks } from './page-blocks';

/** How references inside a document become URLs (the page being rendered decides). */
export interface RefResolver {
  page(pageId: string, space?: string): { href: string; title: string } | undefined;
  file(fileId: string): ReaderFile | undefined;
  /** The organization's OpenAPI spec by slug (API reference blocks), when it has a processed one. */
  openapi?(slug: string): OpenApiDoc | undefined;
  /** The body of a reusable content of this space (`reusable-content` blocks), when it has one. */
  reusableContent?(id: string, space?: string): Document | undefined;
}

/** Reusable contents shown inside reusable contents, at most this deep: one that includes itself ends there. */
const MAX_REUSABLE_DEPTH = 3;

export interface TocEntry {
  level: number;
  id: string;
  text: string;
}

export interface RenderedDocument {
  html: string;
  toc: TocEntry[];
}

type AnyNode = {
  object?: string;
  type?: string;
  key?: string;
  data?: Record<string, unknown>;
  meta?: { id?: unknown };
  nodes?: AnyNode[];
  fragments?: DocumentFragment[];
  leaves?: Array<{ text: string; marks?: Mark[] }>;
};
type Mark = { type: string; data?: { text?: unknown; background?: unknown } };

/** A string field of node data, or '' (documents written through the API may hold anything). */
const str = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/**
 * On the calling thread, costly blocks included. `visitor`: the claims `if` blocks are evaluated
 * with (none: only expressions true without claims show).
 */
export function renderDocument(document: Document, refs: RefResolver, visitor: VisitorContext = { claims: {} }): RenderedDocument {
  return new DocumentRenderer(refs, visitor).render(document);
}

/**
 * As renderDocument, with the costly blocks (API reference blocks, highlighted code, math) rendered
 * by `costly` (the reader's worker threads): the page is rendered with a mark in each block's
 * place, then the marks are filled.
 */
export async function renderDocumentWith(
  costly: PageBlocksRenderer,
  document: Document,
  refs: RefResolver,
  visitor: VisitorContext = { claims: {} },
): Promise<RenderedDocument> {
  const blocks: PageBlock[] = [];
  const renderer = new DocumentRenderer(refs, visitor, blocks);
  const rendered = renderer.render(document);
  if (blocks.length === 0) return rendered;
  const specs: Record<string, OpenApiDoc> = {};
  for (const block of blocks) {
    if (block.kind === 'code' || block.kind === 'math') continue;
    const doc = Object.hasOwn(specs, block.spec) ? undefined : renderer.specDoc(block.spec);
    if (doc) specs[block.spec] = doc;
  }
  const html = await costly.renderBlocks({ specs, blocks });
  return { ...rendered, html: fillBlockMarks(rendered.html, html) };
}

/** Prefix of an inline spec's key: a NUL, which no spec slug holds. */
const INLINE_SPEC = '\u0000inline-';

class DocumentRenderer {
  private readonly toc: TocEntry[] = [];
  private readonly usedIds = new Set<string>();
  private tabsCount = 0;
  /** The document's highest heading level: it becomes h2 under the page's h1, so levels never skip. */
  private topLevel = 1;
  private reusableDepth = 0;
  private openapiBlocks = 0;
  /** What the page's code and math have used of their per-page budgets (code-math.ts). */
  private highlightedChars = 0;
  private formulaChars = 0;
  /** Specifications carried by the document itself (legacy swagger blocks), by a key no spec slug can take. */
  readonly inlineSpecs = new Map<string, OpenApiDoc>();

  constructor(
    private readonly refs: RefResolver,
    private readonly visitor: VisitorContext,
    /** When given, costly blocks are collected here and leave a mark (renderDocumentWith). */
    private readonly deferred?: PageBlock[],
  ) {}

  render(document: Document): RenderedDocument {
    const levels = (document.nodes as unknown as AnyNode[]).flatMap((n) =>
      /^heading-[123]$/.test(n.type ?? '') ? [Number(n.type?.slice(-1))] : [],
    );
    this.topLevel = levels.length > 0 ? Math.min(...levels) : 1;
    const html = this.blocks(document.nodes);
    return { html, toc: this.toc };
  }

  /** The shared body in place of the block; unknown (or too deeply nested) reusable content shows nothing. */
  private reusableContent(data: Record<string, unknown>): string {
    const ref = (data.ref ?? {}) as { reusableContent?: unknown; space?: unknown };
    const id = str(ref.reusableContent);
    if (!id || this.reusableDepth >= MAX_REUSABLE_DEPTH) return '';
    const document = this.refs.reusableContent?.(id, typeof ref.space === 'string' ? ref.space : undefined);
    if (!document) return '';
    this.reusableDepth += 1;
    try {
      return `<div class="reusable-content">${this.blocks(document.nodes)}</div>`;
    } finally {
      this.reusableDepth -= 1;
    }
  }

  private blocks(nodes: AnyNode[] | undefined): string {
    return (nodes ?? []).map((node) => this.block(node)).join('');
  }

  private block(node: AnyNode): string {
    const data = node.data ?? {};
    switch (node.type) {
      case 'paragraph':
        return `<p${alignClass(data.align)}>${this.inlines(node.nodes)}</p>`;
      case 'heading-1':
      case 'heading-2':
      case 'heading-3':
        return this.heading(node);
      case 'list-ordered': {
        const start = Number.isInteger(data.start) && data.start !== 1 ? ` start="${str(data.start)}"` : '';
        return `<ol${start}>${this.blocks(node.nodes)}</ol>`;
      }
      case 'list-unordered':
        return `<ul>${this.blocks(node.nodes)}</ul>`;
      case 'list-tasks':
        return `<ul class="tasks">${this.blocks(node.nodes)}</ul>`;
      case 'list-item': {
        if (typeof data.checked === 'boolean') {
          const label = data.checked ? 'done' : 'to do';
          return `<li class="task"><input type="checkbox" disabled aria-label="${label}"${data.checked ? ' checked' : ''}> ${this.blocks(node.nodes)}</li>`;
        }
        return `<li>${this.blocks(node.nodes)}</li>`;
      }
      case 'divider':
        return '<hr>';
      case 'blockquote':
        return `<blockquote>${this.blocks(node.nodes)}</blockquote>`;
      case 'code':
        return this.code(node);
      case 'hint': {
        const style = ['info', 'warning', 'danger', 'success'].includes(String(data.style)) ? String(data.style) : 'info';
        return `<div class="hint hint-${style}" role="note" aria-label="${style}">${this.blocks(node.nodes)}</div>`;
      }
      case 'images': {
        const align = ['left', 'right'].includes(str(data.align)) ? str(data.align) : 'center';
        const framed = data.withFrame === true ? ' images-framed' : '';
        return `<div class="images images-${align}${framed}">${this.blocks(node.nodes)}</div>`;
      }
      case 'image':
        return this.image(node);
      case 'embed':
        return this.embed(str(data.url));
      case 'content-ref':
        return this.contentRef(data.ref as ContentRef | undefined);
      case 'tabs':
        return this.tabs(node);
      case 'tabs-item':
        return this.blocks(node.nodes);
      case 'expandable':
        return this.expandable(node);
      case 'table':
        return this.table(node);
      case 'math':
        return `<div class="math">${this.math(str(data.formula), true)}</div>`;
      case 'file':
        return this.fileBlock(data.ref as ContentRef | undefined, str(data.caption));
      case 'stepper':
        return `<ol class="stepper">${this.blocks(node.nodes)}</ol>`;
      case 'stepper-step':
        return `<li class="step">${this.blocks(node.nodes)}</li>`;
      case 'columns':
        return `<div class="columns">${this.blocks(node.nodes)}</div>`;
      case 'column': {
        // A column's width is a share of the row (flex-grow, one class per percent: the CSP allows
        // no inline style); narrow screens wrap columns under each other.
        const share = lengthValue(data.width, '%');
        const grow = share !== undefined && share > 0 && share <= 100 ? ` grow-${Math.max(1, Math.round(share))}` : '';
        return `<div class="column${grow}">${this.blocks(node.nodes)}</div>`;
      }
      case 'if':
        return ifHolds(data.expression, this.visitor) ? this.blocks(node.nodes) : '';
      case 'updates':
        return `<ol class="updates">${(node.nodes ?? []).map((update) => this.update(update, str(data.format))).join('')}</ol>`;
      case 'update':
        return this.update(node, 'full');
      case 'swagger': {
        // A hand-written legacy API block carries its one-operation specification in its URL.
        const url =
          (data.ref as { kind?: unknown; url?: unknown } | undefined)?.kind === 'url' ? str((data.ref as { url?: unknown }).url) : '';
        const inline = url ? inlineSpec(url) : undefined;
        if (!inline) return this.swagger(data);
        const spec = `${INLINE_SPEC}${this.inlineSpecs.size}`;
        this.inlineSpecs.set(spec, inline as unknown as OpenApiDoc);
        return this.openapi({
          kind: 'operation',
          spec,
          path: str(data.path),
          method: str(data.method),
          id: this.blockId(node, 'operation'),
        });
      }
      case 'reusable-content':
        return this.reusableContent(data);
      case 'openapi-operation':
        return this.openapi({
          kind: 'operation',
          spec: this.specSlug(data),
          path: str(data.path),
          method: str(data.method),
          id: this.blockId(node, 'operation'),
        });
      case 'openapi-webhook':
        return this.openapi({
          kind: 'webhook',
          spec: this.specSlug(data),
          name: str(data.name),
          method: str(data.method),
          id: this.blockId(node, 'webhook'),
        });
      case 'openapi-schemas':
        return this.openapi({
          kind: 'schemas',
          spec: this.specSlug(data),
          schemas: Array.isArray(data.schemas) ? data.schemas.map(str) : [],
          id: this.blockId(node, 'schemas'),
        });
      case undefined:
      default:
        // A block type this reader does not know yet: its text, never its raw data.
        return node.nodes ? `<div class="unknown-block">${this.blocks(node.nodes)}</div>` : '';
    }
  }

  private update(node: AnyNode, format: string): string {
    const raw = str(node.data?.date);
    const date = /^\d{4}-\d{2}-\d{2}/.test(raw) ? new Date(raw) : undefined;
    const valid = date && !Number.isNaN(date.getTime());
    const label = valid ? formatDate(date, format) : esc(raw);
    const time = valid
      ? `<time datetime="${esc(date.toISOString().slice(0, 10))}">${label}</time>`
      : `<span class="update-date">${label}</span>`;
    return `<li class="update">${time}<div class="update-body">${this.blocks(node.nodes)}</div></li>`;
  }

  /** The legacy API block: a card to the spec (a URL, or a file of the space) naming the operation. */
  private swagger(data: Record<string, unknown>): string {
    const ref = data.ref as ContentRef | undefined;
    const file = ref?.kind === 'file' ? this.refs.file(ref.file) : undefined;
    const url = ref?.kind === 'url' ? ref.url : file ? file.downloadURL : '';
    if (!isSafeUrl(url)) return '';
    const method = /^[a-z]{3,7}$/i.test(str(data.method)) ? str(data.method).toUpperCase() : '';
    const operation = `${method} ${str(data.path)}`.trim() || 'API reference';
    const source = ref?.kind === 'url' ? ref.url : (file?.name ?? '');
    return `<a class="card openapi-ref" href="${urlAttr(url)}" rel="noopener nofollow"><code>${esc(operation)}</code><span>OpenAPI specification: ${esc(source)}</span></a>`;
  }

  /** The slug of the spec an API reference block shows ('' when it names none: shown as not available). */
  private specSlug(data: Record<string, unknown>): string {
    const ref = data.ref as { kind?: unknown; spec?: unknown } | undefined;
    return ref?.kind === 'openapi' && typeof ref.spec === 'string' ? ref.spec : '';
  }

  /** The spec a block shows: one the document carries, else the organization's by slug. */
  specDoc(slug: string): OpenApiDoc | undefined {
    return this.inlineSpecs.get(slug) ?? (slug ? this.refs.openapi?.(slug) : undefined);
  }

  /** An API reference block (at most MAX_OPENAPI_BLOCKS_PER_PAGE of them), here or deferred. */
  private openapi(block: OpenApiBlock): string {
    if (this.openapiBlocks >= MAX_OPENAPI_BLOCKS_PER_PAGE)
      return `<div class="hint hint-warning openapi-too-large"><p>This page has too many API reference blocks to show them all.</p></div>`;
    this.openapiBlocks += 1;
    const doc = this.specDoc(block.spec);
    return this.costly(block, doc ? { [block.spec]: doc } : {});
  }

  /** A costly block's HTML here, or its mark when they are rendered apart (renderDocumentWith). */
  private costly(block: PageBlock, specs: Record<string, OpenApiDoc> = {}): string {
    if (!this.deferred) return renderPageBlocks({ specs, blocks: [block] })[0];
    this.deferred.push(block);
    return blockMark(this.deferred.length - 1);
  }

  /** A block's anchor: its `meta.id` when it has one, else one derived from its kind (unique in the page). */
  private blockId(node: AnyNode, kind: string): string {
    const id = typeof node.meta?.id === 'string' && node.meta.id ? node.meta.id : kind;
    return this.uniqueId(slugify(id));
  }

  private heading(node: AnyNode): string {
    const level = Number(node.type?.slice(-1)) - this.topLevel + 2; // h1 is the page title
    const text = plainText(node);
    const id = this.uniqueId(typeof node.data?.id === 'string' && node.data.id ? node.data.id : slugify(text));
    this.toc.push({ level: level - 1, id, text });
    return `<h${level} id="${esc(id)}"${alignClass(node.data?.align)}>${this.inlines(node.nodes)}<a class="anchor" href="${urlAttr(`#${id}`)}" aria-label="Link to this section">#</a></h${level}>`;
  }

  private uniqueId(base: string): string {
    let id = slugify(base);
    for (let n = 2; this.usedIds.has(id); n++) id = `${slugify(base)}-${n}`;
    this.usedIds.add(id);
    return id;
  }

  private code(node: AnyNode): string {
    const data = node.data ?? {};
    const source = (node.nodes ?? []).map((line) => plainText(line)).join('\n');
    const language = typeof data.syntax === 'string' ? data.syntax.toLowerCase() : '';
    // Only code that may be highlighted is a costly block (within the page's budget); the rest is escaped here.
    const highlight =
      language !== '' && source.length <= MAX_HIGHLIGHT_CHARS && this.highlightedChars + source.length <= MAX_HIGHLIGHT_CHARS_PER_PAGE;
    if (highlight) this.highlightedChars += source.length;
    const body = highlight ? this.costly({ kind: 'code', source, language }) : esc(source);
    const title = typeof data.title === 'string' && data.title ? `<figcaption>${esc(data.title)}</figcaption>` : '';
    const lang = language ? ` data-lang="${esc(language)}"` : '';
    return `<figure class="code">${title}<pre tabindex="0"${lang}><code class="hljs">${body}</code></pre></figure>`;
  }

  private image(node: AnyNode): string {
    const ref = node.data?.ref as ContentRef | undefined;
    const alt = str(node.data?.alt);
    const caption = node.fragments?.find((f) => f.fragment === 'caption');
    let src: unknown = '#';
    let size = '';
    if (ref?.kind === 'url') src = ref.url;
    else if (ref?.kind === 'file') {
      const file = this.refs.file(ref.file);
      if (file) {
        src = file.downloadURL;
        if (file.dimensions) size = ` width="${file.dimensions.width}" height="${file.dimensions.height}"`;
      }
    }
    const width = lengthValue(node.data?.width, 'px');
    if (width !== undefined && width > 0 && width <= 10_000) size = ` width="${Math.round(width)}"`;
    const captionHtml = caption ? `<figcaption>${this.blocks(caption.nodes)}</figcaption>` : '';
    const img = (url: unknown, extra: string) =>
      `<img src="${urlAttr(url)}" alt="${esc(alt)}"${size}${extra} loading="lazy" decoding="async">`;
    // A dark-theme variant: both images, the stylesheet shows the one of the current theme.
    const dark = this.imageUrl(node.data?.refDark as ContentRef | undefined);
    const imgs = dark ? `${img(src, ' class="img-light"')}${img(dark, ' class="img-dark"')}` : img(src, '');
    return `<figure class="image">${imgs}${captionHtml}</figure>`;
  }

  private imageUrl(ref: ContentRef | undefined): string | undefined {
    if (ref?.kind === 'url') return ref.url;
    const file = ref?.kind === 'file' ? this.refs.file(ref.file) : undefined;
    return file?.downloadURL;
  }

  private embed(url: string): string {
    // Known players (YouTube, Vimeo, CodePen) play in a sandboxed iframe; anything else is a card
    // that links out (no script from an unknown origin).
    const player = playerFor(url);
    if (player)
      return `<figure class="embed-player embed-${player.kind}"><iframe src="${urlAttr(player.src)}" title="${esc(player.title)}" loading="lazy" sandbox="allow-scripts allow-same-origin allow-presentation allow-popups" allow="fullscreen; picture-in-picture; encrypted-media" allowfullscreen referrerpolicy="strict-origin-when-cross-origin"></iframe><figcaption><a href="${urlAttr(url)}" rel="noopener nofollow">${esc(hostOf(url))}</a></figcaption></figure>`;
    return `<a class="card embed" href="${urlAttr(url)}" rel="noopener nofollow">${esc(hostOf(url))}<span>${esc(url)}</span></a>`;
  }

  private contentRef(ref: ContentRef | undefined): string {
    const target = this.resolveRef(ref);
    if (!target) return '';
    return `<a class="card content-ref" href="${urlAttr(target.href)}">${esc(target.title)}</a>`;
  }

  private fileBlock(ref: ContentRef | undefined, caption: string): string {
    if (ref?.kind === 'url' && isSafeUrl(ref.url)) {
      // Not resolved to a file of the space yet (an import keeps the path as a URL ref).
      return `<a class="card file" href="${urlAttr(ref.url)}" rel="noopener nofollow">${esc(caption || ref.url.split('/').pop() || ref.url)}</a>`;
    }
    const file = ref?.kind === 'file' ? this.refs.file(ref.file) : undefined;
    if (!file) return '';
    return `<a class="card file" href="${urlAttr(file.downloadURL)}" download>${esc(caption || file.name)}<span>${esc(formatSize(file.size))}</span></a>`;
  }

  private tabs(node: AnyNode): string {
    const id = `tabs-${++this.tabsCount}`;
    const items = node.nodes ?? [];
    const buttons = items
      .map((item, i) => {
        const title = esc(str(item.data?.title) || `Tab ${i + 1}`);
        return `<button role="tab" id="${id}-t${i}" aria-controls="${id}-p${i}" aria-selected="${i === 0}" tabindex="${i === 0 ? 0 : -1}">${title}</button>`;
      })
      .join('');
    const panels = items
      .map(
        (item, i) =>
          `<div role="tabpanel" id="${id}-p${i}" aria-labelledby="${id}-t${i}"${i === 0 ? '' : ' hidden'}>${this.blocks(item.nodes)}</div>`,
      )
      .join('');
    return `<div class="tabs"><div role="tablist">${buttons}</div>${panels}</div>`;
  }

  private expandable(node: AnyNode): string {
    const title = node.fragments?.find((f) => f.fragment === 'expandable-title');
    const body = node.fragments?.find((f) => f.fragment === 'expandable-body');
    const open = node.data?.defaultExpanded ? ' open' : '';
    const summary = title ? (title.nodes as unknown as AnyNode[]).map((n) => this.inlines(n.nodes)).join(' ') : 'Details';
    return `<details class="expandable"${open}><summary>${summary}</summary>${this.blocks(body?.nodes)}</details>`;
  }

  private table(node: AnyNode): string {
    const data = node.data as {
      view?: { type?: string; columns?: string[]; hideHeader?: boolean };
      records?: Record<string, TableRecord>;
      definition?: Record<string, { title?: string; textAlignment?: string }>;
    };
    const columns = data.view?.columns ?? [];
    const fragments = new Map((node.fragments ?? []).map((f) => [f.fragment, f]));
    const align = (column: string): string => {
      const a = data.definition?.[column]?.textAlignment;
      return a === 'center' || a === 'right' ? ` class="ta-${a}"` : '';
    };
    const head = data.view?.hideHeader
      ? ''
      : `<thead><tr>${columns.map((c) => `<th scope="col"${align(c)}>${esc(data.definition?.[c]?.title ?? '')}</th>`).join('')}</tr></thead>`;
    const sorted = Object.values(data.records ?? {}).sort((a, b) =>
      a.orderIndex < b.orderIndex ? -1 : a.orderIndex > b.orderIndex ? 1 : 0,
    );
    // A cell holds blocks: a lone paragraph is written inline, lists and other blocks as blocks.
    const cell = (record: TableRecord, column: string): string => {
      const fragment = fragments.get(record.values?.[column] ?? '');
      const nodes = (fragment?.nodes ?? []) as unknown as AnyNode[];
      return nodes.map((n) => (n.type === 'paragraph' ? this.inlines(n.nodes) : this.block(n))).join(' ');
    };
    const rows = sorted
      .map((record) => {
        const cells = columns.map((c) => `<td${align(c)}>${cell(record, c)}</td>`);
        return `<tr>${cells.join('')}</tr>`;
      })
      .join('');
    if (data.view?.type === 'cards') return this.cards(columns, sorted, cell, (c) => data.definition?.[c]?.title ?? '');
    return `<div class="table-wrap" tabindex="0"><table>${head}<tbody>${rows}</tbody></table></div>`;
  }

  /** A table in card view: one card per record, its first column as the card's title. */
  private cards(
    columns: string[],
    records: TableRecord[],
    cell: (r: TableRecord, c: string) => string,
    title: (c: string) => string,
  ): string {
    const items = records.map((record) => {
      const [first, ...rest] = columns;
      const lines = rest
        .map((c) => [c, cell(record, c)] as const)
        .filter(([, html]) => html.trim() !== '')
        .map(([c, html]) => `<div class="card-field"><span class="sr-only">${esc(title(c))}: </span>${html}</div>`);
      return `<li class="card-item">${first ? `<strong>${cell(record, first)}</strong>` : ''}${lines.join('')}</li>`;
    });
    return `<ul class="card-grid">${items.join('')}</ul>`;
  }

  /** A formula typeset (a costly block), or past the page's budget its source. */
  private math(formula: string, display: boolean): string {
    const length = Math.min(formula.length, MAX_FORMULA_CHARS);
    if (this.formulaChars + length > MAX_FORMULA_CHARS_PER_PAGE) return mathSource(formula, display);
    this.formulaChars += length;
    return this.costly({ kind: 'math', formula: formula.slice(0, MAX_FORMULA_CHARS), display });
  }

  private inlines(nodes: AnyNode[] | undefined): string {
    return (nodes ?? []).map((node) => this.inline(node as InlineContent & AnyNode)).join('');
  }

  private inline(node: AnyNode): string {
    if (node.object === 'text') return (node.leaves ?? []).map((leaf) => leafHtml(leaf)).join('');
    const data = node.data ?? {};
    switch (node.type) {
      case 'link': {
        const target = this.resolveRef(data.ref as ContentRef | undefined);
        const external = (data.ref as ContentRef | undefined)?.kind === 'url';
        return `<a href="${urlAttr(target?.href ?? '#')}"${external ? ' rel="noopener nofollow"' : ''}>${this.inlines(node.nodes)}</a>`;
      }
      case 'inline-image':
        return this.image({ data, fragments: [] }).replace(/^<figure class="image">|<\/figure>$/g, '');
      case 'inline-math':
        return this.math(str(data.formula), false);
      case 'mention': {
        // GitBook's page mention is void: it shows the target's title (a page that went away shows nothing).
        const target = this.resolveRef(data.ref as ContentRef | undefined);
        if (!target) return '';
        const external = (data.ref as ContentRef | undefined)?.kind === 'url';
        return `<a class="mention" href="${urlAttr(target.href)}"${external ? ' rel="noopener nofollow"' : ''}>${esc(target.title)}</a>`;
      }
      case 'emoji':
        return esc(emoji(str(data.code)));
      case 'button': {
        const kind = data.kind === 'secondary' ? 'secondary' : 'primary';
        // An action button: "search" and "ask" (no assistant here: a search) open the site's search
        // with its query (the deferred script); "select" has nothing to select in a reader.
        const action = data.action as { action?: unknown; query?: unknown } | undefined;
        if (action) {
          const searches = action.action === 'search' || action.action === 'ask';
          const query = searches && typeof action.query === 'string' ? ` data-query="${esc(action.query)}"` : '';
          return searches
            ? `<button type="button" class="button ${kind}" data-action="search"${query}>${esc(str(data.label))}</button>`
            : `<span class="button ${kind}">${esc(str(data.label))}</span>`;
        }
        // GitBook's `<a class="button primary">`: a link drawn as a button, its label text only.
        const target = this.resolveRef(data.ref as ContentRef | undefined);
        const external = (data.ref as ContentRef | undefined)?.kind === 'url';
        return `<a class="button ${kind}" href="${urlAttr(target?.href ?? '#')}"${external ? ' rel="noopener nofollow"' : ''}>${esc(str(data.label))}</a>`;
      }
      case undefined:
      default:
        return this.inlines(node.nodes);
    }
  }

  private resolveRef(ref: ContentRef | undefined): { href: string; title: string } | undefined {
    if (!ref) return undefined;
    switch (ref.kind) {
      case 'url':
        return { href: ref.url, title: ref.url };
      case 'page':
        return this.refs.page(ref.page, ref.space);
      case 'anchor': {
        const page = ref.page ? this.refs.page(ref.page, ref.space) : undefined;
        return { href: `${page?.href ?? ''}#${encodeURIComponent(ref.anchor)}`, title: ref.anchor };
      }
      case 'file': {
        const file = this.refs.file(ref.file);
        return file ? { href: file.downloadURL, title: file.name } : undefined;
      }
      default:
        return undefined;
    }
  }
}

function leafHtml(leaf: { text: string; marks?: Mark[] }): string {
  let html = esc(leaf.text);
  for (const mark of leaf.marks ?? []) {
    if (mark.type === 'bold') html = `<strong>${html}</strong>`;
    else if (mark.type === 'italic') html = `<em>${html}</em>`;
    else if (mark.type === 'strikethrough') html = `<s>${html}</s>`;
    else if (mark.type === 'code') html = `<code>${html}</code>`;
    else if (mark.type === 'keyboard') html = `<kbd>${html}</kbd>`;
    else if (mark.type === 'superscript') html = `<sup>${html}</sup>`;
    else if (mark.type === 'subscript') html = `<sub>${html}</sub>`;
    else if (mark.type === 'color') html = colored(html, mark.data);
  }
  return html;
}

/** Official `DocumentTextColor` names → class suffixes (`$primary` → `primary`); anything else is ignored. */
const PALETTE = new Set([
  'green',
  'blue',
  'red',
  'orange',
  'yellow',
  'purple',
  'pink',
  'violet',
  'cyan',
  'primary',
  'info',
  'success',
  'warning',
  'danger',
  'tint',
]);
const paletteName = (value: unknown): string | undefined => {
  const name = typeof value === 'string' ? value.replace(/^\$/, '') : '';
  return PALETTE.has(name) ? name : undefined;
};

/** A color mark: classes from the palette (the stylesheet has both themes), never a style from input. */
function colored(html: string, data: Mark['data']): string {
  const text = paletteName(data?.text);
  const background = paletteName(data?.background);
  if (background) return `<mark class="bg-${background}${text ? ` tc-${text}` : ''}">${html}</mark>`;
  return text ? `<span class="tc-${text}">${html}</span>` : html;
}

/** An emoji's character from its hex code point(s) (`1f44d`, `1f468-200d-1f4bb`); '' when invalid. */
function emoji(code: string): string {
  const points = code.toLowerCase().split(/[-_ ]/).slice(0, 10);
  if (points.some((p) => !/^[0-9a-f]{1,6}$/.test(p))) return '';
  const values = points.map((p) => parseInt(p, 16));
  if (values.some((v) => v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff) || v < 0x20)) return '';
  return String.fromCodePoint(...values);
}

/** A `Length` in `unit` (a bare number is pixels), or undefined. */
function lengthValue(length: unknown, unit: 'px' | '%'): number | undefined {
  if (typeof length === 'number') return unit === 'px' && Number.isFinite(length) ? length : undefined;
  const l = length as { value?: unknown; unit?: unknown } | undefined;
  if (l && typeof l === 'object' && typeof l.value === 'number' && Number.isFinite(l.value) && l.unit === unit) return l.value;
  return undefined;
}

const DATE_FORMATS: Record<string, Intl.DateTimeFormatOptions> = {
  numeric: { year: 'numeric', month: '2-digit', day: '2-digit' },
  short: { year: 'numeric', month: 'short', day: 'numeric' },
  full: { year: 'numeric', month: 'long', day: 'numeric' },
};

function formatDate(date: Date, format: string): string {
  return new Intl.DateTimeFormat('en', { ...(DATE_FORMATS[format] ?? DATE_FORMATS.full), timeZone: 'UTC' }).format(date);
}

/** The plain text of a node (headings, code lines). */
export function plainText(node: AnyNode | DocumentBlock): string {
  const n = node as AnyNode;
  if (n.object === 'text') return (n.leaves ?? []).map((l) => l.text).join('');
  return (n.nodes ?? []).map((child) => plainText(child)).join('');
}

interface TableRecord {
  orderIndex: string;
  values: Record<string, string>;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const OPENAPI_BLOCKS = new Set(['openapi-operation', 'openapi-webhook', 'openapi-schemas']);

/** Slugs of the OpenAPI specs a document's API reference blocks use (the reader loads them before rendering). */
export function openapiSlugs(document: Document | undefined): string[] {
  const slugs = new Set<string>();
  const visit = (nodes: AnyNode[] | undefined): void => {
    for (const node of nodes ?? []) {
      const ref = node.data?.ref as { kind?: unknown; spec?: unknown } | undefined;
      if (OPENAPI_BLOCKS.has(node.type ?? '') && ref?.kind === 'openapi' && typeof ref.spec === 'string') slugs.add(ref.spec);
      visit(node.nodes);
      for (const fragment of node.fragments ?? []) visit((fragment as unknown as AnyNode).nodes);
    }
  };
  visit(document?.nodes);
  return [...slugs].slice(0, 10);
}

/** A paragraph's or heading's alignment (official `TextAlignment`) as one of the stylesheet's classes. */
function alignClass(align: unknown): string {
  if (align === 'center') return ' class="ta-center"';
  if (align === 'end') return ' class="ta-right"';
  return '';
}
