// Renders a @bindery/document Document as HTML on the server: every block of the model, plus the
// official block types the model does not type yet (math, file) read defensively. Everything from
// the document is escaped; URLs pass `safeUrl`. Code is highlighted by highlight.js, math by KaTeX
// (MathML output: no fonts or stylesheet to serve, Chromium renders it natively).
import type { ContentRef, Document, DocumentBlock, DocumentFragment, InlineContent } from '@bindery/document';
import hljs from 'highlight.js';
import katex from 'katex';
import type { ReaderFile } from '../content/content-source';
import type { OpenApiDoc } from '../openapi/spec-source';
import { esc, safeUrl, slugify } from './escape';
import { renderOperation, renderSchemas, renderWebhook } from './openapi-html';

/** How references inside a document become URLs (the page being rendered decides). */
export interface RefResolver {
  page(pageId: string, space?: string): { href: string; title: string } | undefined;
  file(fileId: string): ReaderFile | undefined;
  /** The organization's OpenAPI spec by slug (API reference blocks), when it has a processed one. */
  openapi?(slug: string): OpenApiDoc | undefined;
}

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
  leaves?: Array<{ text: string; marks?: Array<{ type: string }> }>;
};

const MAX_HIGHLIGHT_CHARS = 100_000;

/** A string field of node data, or '' (documents written through the API may hold anything). */
const str = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

export function renderDocument(document: Document, refs: RefResolver): RenderedDocument {
  return new DocumentRenderer(refs).render(document);
}

class DocumentRenderer {
  private readonly toc: TocEntry[] = [];
  private readonly usedIds = new Set<string>();
  private tabsCount = 0;
  /** The document's highest heading level: it becomes h2 under the page's h1, so levels never skip. */
  private topLevel = 1;

  constructor(private readonly refs: RefResolver) {}

  render(document: Document): RenderedDocument {
    const levels = (document.nodes as unknown as AnyNode[]).flatMap((n) =>
      /^heading-[123]$/.test(n.type ?? '') ? [Number(n.type?.slice(-1))] : [],
    );
    this.topLevel = levels.length > 0 ? Math.min(...levels) : 1;
    const html = this.blocks(document.nodes);
    return { html, toc: this.toc };
  }

  private blocks(nodes: AnyNode[] | undefined): string {
    return (nodes ?? []).map((node) => this.block(node)).join('');
  }

  private block(node: AnyNode): string {
    const data = node.data ?? {};
    switch (node.type) {
      case 'paragraph':
        return `<p>${this.inlines(node.nodes)}</p>`;
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
      case 'images':
        return `<div class="images images-${esc(str(data.align) || 'center')}">${this.blocks(node.nodes)}</div>`;
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
      case 'openapi-operation':
        return renderOperation(this.spec(data), str(data.path), str(data.method), this.blockId(node, 'operation'));
      case 'openapi-webhook':
        return renderWebhook(this.spec(data), str(data.name), str(data.method), this.blockId(node, 'webhook'));
      case 'openapi-schemas':
        return renderSchemas(this.spec(data), Array.isArray(data.schemas) ? data.schemas.map(str) : [], this.blockId(node, 'schemas'));
      case undefined:
      default:
        // A block type this reader does not know yet: its text, never its raw data.
        return node.nodes ? `<div class="unknown-block">${this.blocks(node.nodes)}</div>` : '';
    }
  }

  private spec(data: Record<string, unknown>): OpenApiDoc | undefined {
    const ref = data.ref as { kind?: unknown; spec?: unknown } | undefined;
    return ref?.kind === 'openapi' && typeof ref.spec === 'string' ? this.refs.openapi?.(ref.spec) : undefined;
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
    return `<h${level} id="${esc(id)}">${this.inlines(node.nodes)}<a class="anchor" href="#${esc(id)}" aria-label="Link to this section">#</a></h${level}>`;
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
    let body = esc(source);
    if (language && source.length <= MAX_HIGHLIGHT_CHARS && hljs.getLanguage(language)) {
      body = hljs.highlight(source, { language, ignoreIllegals: true }).value;
    }
    const title = typeof data.title === 'string' && data.title ? `<figcaption>${esc(data.title)}</figcaption>` : '';
    const lang = language ? ` data-lang="${esc(language)}"` : '';
    return `<figure class="code">${title}<pre tabindex="0"${lang}><code class="hljs">${body}</code></pre></figure>`;
  }

  private image(node: AnyNode): string {
    const ref = node.data?.ref as ContentRef | undefined;
    const alt = str(node.data?.alt);
    const caption = node.fragments?.find((f) => f.fragment === 'caption');
    let src = '#';
    let size = '';
    if (ref?.kind === 'url') src = safeUrl(ref.url);
    else if (ref?.kind === 'file') {
      const file = this.refs.file(ref.file);
      if (file) {
        src = safeUrl(file.downloadURL);
        if (file.dimensions) size = ` width="${file.dimensions.width}" height="${file.dimensions.height}"`;
      }
    }
    const captionHtml = caption ? `<figcaption>${this.blocks(caption.nodes)}</figcaption>` : '';
    return `<figure class="image"><img src="${esc(src)}" alt="${esc(alt)}"${size} loading="lazy" decoding="async">${captionHtml}</figure>`;
  }

  private embed(url: string): string {
    const href = safeUrl(url);
    // No third-party iframes: a card that links out (no tracking, no script from elsewhere).
    return `<a class="card embed" href="${esc(href)}" rel="noopener nofollow">${esc(hostOf(url))}<span>${esc(url)}</span></a>`;
  }

  private contentRef(ref: ContentRef | undefined): string {
    const target = this.resolveRef(ref);
    if (!target) return '';
    return `<a class="card content-ref" href="${esc(target.href)}">${esc(target.title)}</a>`;
  }

  private fileBlock(ref: ContentRef | undefined, caption: string): string {
    const file = ref?.kind === 'file' ? this.refs.file(ref.file) : undefined;
    if (!file) return '';
    return `<a class="card file" href="${esc(safeUrl(file.downloadURL))}" download>${esc(caption || file.name)}<span>${esc(formatSize(file.size))}</span></a>`;
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
      view?: { columns?: string[]; hideHeader?: boolean };
      records?: Record<string, { orderIndex: string; values: Record<string, string> }>;
      definition?: Record<string, { title?: string; textAlignment?: string }>;
    };
    const columns = data.view?.columns ?? [];
    const fragments = new Map((node.fragments ?? []).map((f) => [f.fragment, f]));
    const align = (column: string): string => {
      const a = data.definition?.[column]?.textAlignment;
      return a === 'center' || a === 'right' ? ` style="text-align:${a}"` : '';
    };
    const head = data.view?.hideHeader
      ? ''
      : `<thead><tr>${columns.map((c) => `<th scope="col"${align(c)}>${esc(data.definition?.[c]?.title ?? '')}</th>`).join('')}</tr></thead>`;
    const rows = Object.values(data.records ?? {})
      .sort((a, b) => (a.orderIndex < b.orderIndex ? -1 : a.orderIndex > b.orderIndex ? 1 : 0))
      .map((record) => {
        const cells = columns.map((c) => {
          const fragment = fragments.get(record.values?.[c] ?? '');
          const inner = fragment ? (fragment.nodes as unknown as AnyNode[]).map((n) => this.inlines(n.nodes)).join(' ') : '';
          return `<td${align(c)}>${inner}</td>`;
        });
        return `<tr>${cells.join('')}</tr>`;
      })
      .join('');
    return `<div class="table-wrap" tabindex="0"><table>${head}<tbody>${rows}</tbody></table></div>`;
  }

  private math(formula: string, display: boolean): string {
    return katex.renderToString(formula.slice(0, 10_000), {
      displayMode: display,
      throwOnError: false,
      output: 'mathml',
      trust: false,
      maxExpand: 1000,
      maxSize: 100,
    });
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
        return `<a href="${esc(target?.href ?? '#')}"${external ? ' rel="noopener nofollow"' : ''}>${this.inlines(node.nodes)}</a>`;
      }
      case 'inline-image':
        return this.image({ data, fragments: [] }).replace(/^<figure class="image">|<\/figure>$/g, '');
      case 'inline-math':
        return this.math(str(data.formula), false);
      case undefined:
      default:
        return this.inlines(node.nodes);
    }
  }

  private resolveRef(ref: ContentRef | undefined): { href: string; title: string } | undefined {
    if (!ref) return undefined;
    switch (ref.kind) {
      case 'url':
        return { href: safeUrl(ref.url), title: ref.url };
      case 'page':
        return this.refs.page(ref.page, ref.space);
      case 'anchor': {
        const page = ref.page ? this.refs.page(ref.page, ref.space) : undefined;
        return { href: `${page?.href ?? ''}#${encodeURIComponent(ref.anchor)}`, title: ref.anchor };
      }
      case 'file': {
        const file = this.refs.file(ref.file);
        return file ? { href: safeUrl(file.downloadURL), title: file.name } : undefined;
      }
      default:
        return undefined;
    }
  }
}

function leafHtml(leaf: { text: string; marks?: Array<{ type: string }> }): string {
  let html = esc(leaf.text);
  for (const mark of leaf.marks ?? []) {
    if (mark.type === 'bold') html = `<strong>${html}</strong>`;
    else if (mark.type === 'italic') html = `<em>${html}</em>`;
    else if (mark.type === 'strikethrough') html = `<s>${html}</s>`;
    else if (mark.type === 'code') html = `<code>${html}</code>`;
  }
  return html;
}

/** The plain text of a node (headings, code lines). */
export function plainText(node: AnyNode | DocumentBlock): string {
  const n = node as AnyNode;
  if (n.object === 'text') return (n.leaves ?? []).map((l) => l.text).join('');
  return (n.nodes ?? []).map((child) => plainText(child)).join('');
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
