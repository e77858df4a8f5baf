// What every room of the reader shares: where sites and content come from, the specs of API
// reference blocks, and the cache of rendered pages. Rendered pages are cached by everything they
// depend on (site version, visible structure, revision, path), which is also their ETag: a new
// revision or a structure change is a new key, never a stale page.
import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { CompressedBodies } from './compression';
import type { ContentSource, ReaderPage, SpaceContent } from '../content/content-source';
import { type LoadedSpec, MemorySpecSource, type SpecSource } from '../openapi/spec-source';
import { hasConditions } from '../render/adaptive';
import { openapiSlugs } from '../render/document-html';
import { InlinePageBlocks, type PageBlocksRenderer } from '../render/page-blocks';
import { InlinePageMarkdown, type PageMarkdownRenderer } from '../render/page-markdown';
import type { PublishedSite, SiteDirectory } from '../sites/site-directory';
import { variantPrefix, type VisibleStructure } from '../sites/site-view';
import { pageIndex } from '../content/page-index';
import type { FeedbackSink } from '../feedback/feedback-sink';
import type { GitLinkSource } from '../content/git-links';

export interface ReaderOptions {
  /** Memory for rendered pages. */
  cacheBytes: number;
  /** OpenAPI specs of API reference blocks (none: those blocks say the spec is not available). */
  specs?: SpecSource;
  /** Writes pages as Markdown (default: on the calling thread; the reader's main uses worker threads). */
  markdown?: PageMarkdownRenderer;
  /**
   * Renders pages' costly blocks: API reference blocks, highlighted code, math (default: on the
   * calling thread; the reader's main uses worker threads).
   */
  pageBlocks?: PageBlocksRenderer;
  /** Where page ratings go (none: the feedback form is not offered). */
  feedback?: FeedbackSink;
  /** Where synced spaces keep their pages in Git (none: no "Edit on Git" links). */
  git?: GitLinkSource;
}

export interface CachedPage {
  body: string;
  etag: string;
  /** Its brotli and gzip forms, made when first asked for. */
  compressed: CompressedBodies;
}

/**
 * Stands for the request's origin in cached pages (canonical and Open Graph URLs), replaced when a
 * page is served: pages are cached per site, never per `Host` header, so a visitor cannot make the
 * reader render a page again by changing the port or the name in `Host`. Random per process, so no
 * document can spell it.
 */
export const ORIGIN_MARK = `bindery-origin-${randomBytes(12).toString('hex')}`;

export class ReaderService {
  readonly rendered: LRUCache<string, CachedPage>;
  readonly markdown: PageMarkdownRenderer;
  readonly pageBlocks: PageBlocksRenderer;
  private readonly specs: SpecSource;
  readonly feedback?: FeedbackSink;
  readonly git?: GitLinkSource;
  /** Spec slugs each page's API reference blocks use (pages never change: a revision is immutable). */
  private readonly slugsOf = new WeakMap<ReaderPage, string[]>();
  /** Whether each page has `if` blocks (then its rendering depends on the visitor's claims). */
  private readonly adaptiveOf = new WeakMap<ReaderPage, boolean>();

  constructor(
    readonly sites: SiteDirectory,
    readonly content: ContentSource,
    options: ReaderOptions,
  ) {
    this.specs = options.specs ?? new MemorySpecSource();
    this.markdown = options.markdown ?? new InlinePageMarkdown();
    this.pageBlocks = options.pageBlocks ?? new InlinePageBlocks();
    this.feedback = options.feedback;
    this.git = options.git;
    // The TTL bounds how long signed file URLs (content signs them for an hour) stay in a cached page.
    this.rendered = new LRUCache({
      maxSize: Math.max(options.cacheBytes, 1),
      // UTF-16 text, plus room for the compressed forms made later (about a quarter of it each).
      sizeCalculation: (v) => v.body.length * 3 + 64,
      ttl: 10 * 60_000,
    });
  }

  isAdaptive(page: ReaderPage): boolean {
    let adaptive = this.adaptiveOf.get(page);
    if (adaptive === undefined) {
      adaptive = hasConditions(page.document);
      this.adaptiveOf.set(page, adaptive);
    }
    return adaptive;
  }

  /** The specs the page's API reference blocks use, loaded before rendering (their hashes are part of the ETag). */
  async specsFor(organizationId: string, page: ReaderPage): Promise<Map<string, LoadedSpec>> {
    let slugs = this.slugsOf.get(page);
    if (!slugs) {
      slugs = openapiSlugs(page.document);
      this.slugsOf.set(page, slugs);
    }
    const specs = new Map<string, LoadedSpec>();
    for (const slug of slugs) {
      const spec = await this.specs.spec(organizationId, slug);
      if (spec) specs.set(slug, spec);
    }
    return specs;
  }

  /** Every visible page of every variant, with its variant's path and a group title for listings. */
  async eachPage(
    site: PublishedSite,
    structure: VisibleStructure,
    visit: (page: ReaderPage, base: string, sectionTitle: string, content: SpaceContent) => void,
  ): Promise<void> {
    for (const section of structure.sections) {
      for (const siteSpace of section.siteSpaces) {
        const content = await this.content.content(site.organizationId, siteSpace.spaceId);
        const index = pageIndex(content);
        const base = variantPrefix(structure, section, siteSpace);
        for (const page of index.order)
          visit(page, base, siteSpace.title === section.title ? section.title : `${section.title} · ${siteSpace.title}`, content);
      }
    }
  }
}
