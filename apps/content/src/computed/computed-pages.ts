import type { ComputedDocumentProps, ComputedDocumentSource, ComputedPageSource, JsonDocument, RevisionPage } from '@bindery/contracts';
import { badRequest, notFound } from '@bindery/platform';
import { createHash } from 'node:crypto';
import { slugify } from '../model/slugs';
import { DEFAULT_LAYOUT } from '../pages/page.mapper';
import type { OpenApiOutline, OutlineOperation } from './openapi-outline';

/** Where generated pages hang: the path of the computed page and the app URL of the space. */
export interface GeneratedAt {
  /** Seed of every id below (the computed page's id, or the caller's seed). */
  seed: string;
  /** Path of the computed page ('' for a bare `getComputedRevision`). */
  path: string;
  app: string;
}

/**
 * The pages a computed OpenAPI source generates (official RevisionPageDocument with `computed`),
 * with their bodies: `by-tag` gives a page per tag holding its operations;
 * `by-operation` a page per tag (its description) with a page per operation below; `models` adds
 * a page of every schema. Ids and slugs derive from the seed and the spec, so a read of the same
 * spec version gives the same pages, and a new version changes only what it changed.
 */
export function generatePages(outline: OpenApiOutline, source: ComputedPageSource, at: GeneratedAt): RevisionPage[] {
  const spec = source.dependencies.spec.ref.spec;
  const byOperation = source.props.grouping === 'by-operation';
  const slugs = new SlugPicker();
  const pages = outline.tags.map((tag) => {
    const slug = slugs.pick(tag.name);
    const path = joinPath(at.path, slug);
    const props: ComputedDocumentProps = byOperation ? { doc: 'tag', page: tag.name } : { doc: 'operations', page: tag.name };
    const children = byOperation ? operationPages(outline, spec, tag.operations, { ...at, path }) : [];
    return generatedPage(outline, spec, props, tag.name, slug, path, at, children);
  });
  if (source.props.models && outline.models.length > 0) {
    const slug = slugs.pick('models');
    pages.push(generatedPage(outline, spec, { doc: 'models' }, 'Models', slug, joinPath(at.path, slug), at, []));
  }
  return pages;
}

function operationPages(outline: OpenApiOutline, spec: string, operations: OutlineOperation[], at: GeneratedAt): RevisionPage[] {
  const slugs = new SlugPicker();
  return operations.map((op) => {
    const slug = slugs.pick(op.summary);
    const props: ComputedDocumentProps = {
      doc: 'operation',
      page: op.path,
      method: op.method,
      ...(op.deprecated ? { deprecated: true } : {}),
    };
    return generatedPage(outline, spec, props, op.summary, slug, joinPath(at.path, slug), at, []);
  });
}

function generatedPage(
  outline: OpenApiOutline,
  spec: string,
  props: ComputedDocumentProps,
  title: string,
  slug: string,
  path: string,
  at: GeneratedAt,
  pages: RevisionPage[],
): RevisionPage {
  const computed: ComputedDocumentSource = { type: 'builtin:openapi', dependencies: { spec: { ref: { kind: 'openapi', spec } } }, props };
  return {
    id: generatedId(`${at.seed}:${path}`),
    title,
    kind: 'sheet',
    type: 'document',
    urls: { app: `${at.app}/${path}` },
    slug,
    path,
    pages,
    layout: { ...DEFAULT_LAYOUT },
    tags: [],
    hidden: false,
    noIndex: false,
    noRobotsIndex: false,
    document: computedDocument(outline, computed),
    // `computedSeed` is left out: the official schema's oneOf (computed + computedSeed, or
    // documentId) matches both branches when it is present, so no valid page can carry it.
    computed,
  };
}

/**
 * The body of one generated page: API reference blocks naming the spec by slug (the reader
 * renders them from the newest processed version). 404 when the spec has no such tag or operation.
 */
export function computedDocument(outline: OpenApiOutline, source: ComputedDocumentSource): JsonDocument {
  const ref = source.dependencies.spec.ref;
  const props = source.props;
  const operation = (op: { path: string; method: string }) => ({
    object: 'block',
    type: 'openapi-operation',
    isVoid: true,
    data: { ref, path: op.path, method: op.method },
  });
  const document = (nodes: Array<Record<string, unknown>>): JsonDocument => ({ object: 'document', data: {}, nodes });
  switch (props.doc) {
    case 'models':
      return document([{ object: 'block', type: 'openapi-schemas', isVoid: true, data: { ref, schemas: outline.models, grouped: true } }]);
    case 'info':
      return document(outline.description ? [paragraph(outline.description)] : []);
    case 'operations':
    case 'tag': {
      const tag = outline.tags.find((t) => t.name === props.page);
      if (!tag) throw notFound(`source.props.page: the spec "${ref.spec}" has no tag "${props.page}"`);
      const intro = tag.description ? [paragraph(tag.description)] : [];
      return document(props.doc === 'tag' ? intro : [...intro, ...tag.operations.map(operation)]);
    }
    case 'operation': {
      const found = outline.tags.some((t) => t.operations.some((op) => op.path === props.page && op.method === props.method));
      if (!found) throw notFound(`source.props: the spec "${ref.spec}" has no operation ${props.method.toUpperCase()} ${props.page}`);
      return document([operation({ path: props.page, method: props.method })]);
    }
    default:
      throw badRequest('source.props.doc: must be one of models, info, operations, tag, operation');
  }
}

const paragraph = (text: string) => ({
  object: 'block',
  type: 'paragraph',
  nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }],
});

/** A page id from its seed: stable across reads, 20 characters like other ids. */
export function generatedId(seed: string): string {
  return createHash('sha256').update(seed).digest('base64url').replace(/[-_]/g, '').slice(0, 20);
}

const joinPath = (parent: string, slug: string): string => (parent ? `${parent}/${slug}` : slug);

/** Slugs unique among siblings (`pets`, `pets-2`, …). */
class SlugPicker {
  private readonly taken = new Set<string>();
  pick(title: string): string {
    const base = slugify(title) || 'page';
    let slug = base;
    for (let n = 2; this.taken.has(slug); n++) slug = `${base}-${n}`;
    this.taken.add(slug);
    return slug;
  }
}

/** The first generated page (depth first) that `match` accepts, among `pages` and their children. */
export function findGenerated(pages: readonly RevisionPage[], match: (page: RevisionPage) => boolean): RevisionPage | undefined {
  for (const page of pages) {
    if (match(page)) return page;
    const found = findGenerated(page.pages ?? [], match);
    if (found) return found;
  }
  return undefined;
}
