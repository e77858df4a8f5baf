import type {
  ComputedDocumentInput,
  ComputedDocumentSource,
  ComputedRevisionInput,
  ComputedRevisionResult,
  JsonDocument,
  RequestContext,
  RevisionPage,
} from '@bindery/contracts';
import { badRequest, notFound } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { computedSourceOf } from '../model/computed-source';
import type { PageTree } from '../model/page-tree';
import type { ComputedChildren } from '../pages/page.mapper';
import { ContentReader } from '../store/content-reader';
import { computedDocument, findGenerated, generatePages } from './computed-pages';
import { OpenApiOutlines } from './openapi-outlines.service';

const SEED_MAX = 200;
const DOCS = ['models', 'info', 'operations', 'tag', 'operation'];

/** The generated children of a tree's computed pages, and a tag naming the spec versions they came from. */
export interface ExpandedTree {
  children: ComputedChildren;
  /** Empty when the tree has no computed page; else the hashes of the versions read (part of a cache tag). */
  tag: string;
}

/** Computed OpenAPI pages: children generated on read from the newest processed version of their spec. */
@Injectable()
export class ComputedContentService {
  constructor(
    private readonly outlines: OpenApiOutlines,
    private readonly reader: ContentReader,
  ) {}

  /** The generated children of every computed page of `tree`, for the mapper. */
  async expand(ctx: RequestContext, tree: PageTree, organizationId: string, app: string): Promise<ExpandedTree> {
    const computedPages = tree.computedPages();
    if (computedPages.length === 0) return { children: () => [], tag: '' };
    const slugs = computedPages.map((p) => p.meta.computed!.dependencies.spec.ref.spec);
    const outlines = await this.outlines.forSlugs(ctx, organizationId, slugs);
    const tag = [...outlines.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([, o]) => o.hash.slice(0, 12))
      .join('.');
    return {
      tag: `-${tag || 'none'}`,
      children: (page) => {
        const source = page.meta.computed;
        const outline = source && outlines.get(source.dependencies.spec.ref.spec);
        return outline ? generatePages(outline.outline, source, { seed: page.id, path: tree.pathOf(page.id), app }) : [];
      },
    };
  }

  /**
   * A generated page of one of the tree's computed pages, by id or by path (the computed page's
   * path and the generated slugs below it); undefined when none matches.
   */
  async generatedPage(
    ctx: RequestContext,
    tree: PageTree,
    organizationId: string,
    app: string,
    match: (page: RevisionPage) => boolean,
  ): Promise<RevisionPage | undefined> {
    const expanded = await this.expand(ctx, tree, organizationId, app);
    for (const page of tree.pages.values()) {
      if (page.type !== 'computed') continue;
      const found = findGenerated(expanded.children(page), match);
      if (found) return found;
    }
    return undefined;
  }

  /** `getComputedRevision`: the pages a source generates (the caller must be able to view the space). */
  async revision(ctx: RequestContext, input: ComputedRevisionInput): Promise<ComputedRevisionResult> {
    const source = computedSourceOf(input.source, 'source');
    const seed = seedOf(input.seed);
    const { space } = await this.reader.resolve(ctx, { spaceId: input.spaceId, shareKey: input.shareKey });
    const outline = await this.outlineOf(ctx, space.organizationId, source.dependencies.spec.ref.spec);
    const app = `${ctx.baseUrl}/s/${space.id}`;
    return { pages: generatePages(outline, source, { seed, path: '', app }), files: [], reusableContents: [] };
  }

  /** `getComputedDocument`: the body of one generated page. */
  async document(ctx: RequestContext, input: ComputedDocumentInput): Promise<JsonDocument> {
    const source = documentSourceOf(input.source);
    seedOf(input.seed);
    const { space } = await this.reader.resolve(ctx, { spaceId: input.spaceId, shareKey: input.shareKey });
    return computedDocument(await this.outlineOf(ctx, space.organizationId, source.dependencies.spec.ref.spec), source);
  }

  private async outlineOf(ctx: RequestContext, organizationId: string, slug: string) {
    const found = (await this.outlines.forSlugs(ctx, organizationId, [slug])).get(slug);
    if (!found) throw notFound(`source.dependencies.spec.ref.spec: no processed OpenAPI spec "${slug}" in this organization`);
    return found.outline;
  }
}

function seedOf(seed: unknown): string {
  if (typeof seed !== 'string' || seed.length === 0 || seed.length > SEED_MAX)
    throw badRequest(`seed: must be a string of 1 to ${SEED_MAX} characters`);
  return seed;
}

/** The official ComputedContentSourceDocumentOpenAPI, checked (the spec part as a page's source). */
function documentSourceOf(value: unknown): ComputedDocumentSource {
  const raw = (value ?? {}) as { props?: Record<string, unknown> };
  const base = computedSourceOf({ ...(raw as object), props: { models: false } }, 'source');
  const props = raw.props;
  if (!props || typeof props !== 'object' || !DOCS.includes(props.doc as string))
    throw badRequest(`source.props.doc: must be one of ${DOCS.join(', ')}`);
  if (props.doc !== 'models' && (typeof props.page !== 'string' || props.page.length === 0 || props.page.length > 2048))
    throw badRequest('source.props.page: must be a non-empty string');
  if (props.doc === 'operation' && (typeof props.method !== 'string' || props.method.length > 10))
    throw badRequest('source.props.method: must be an HTTP method');
  return { type: base.type, dependencies: base.dependencies, props: props as ComputedDocumentSource['props'] };
}
