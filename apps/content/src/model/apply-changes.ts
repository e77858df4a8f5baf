import type {
  ComputedPageFields,
  ComputedPageSource,
  ContentChange,
  PageFields,
  PageLinkFields,
  PageLinkTarget,
  PageType,
} from '@bindery/contracts';
import { badRequest, notFound } from '@bindery/platform';
import { DocumentPool } from './document-pool';
import { type PageEntry, type PageMeta, type PageTree, ROOT } from './page-tree';
import { type RevertTarget, revertBlocks, revertWholePage } from './revert-page';
import { computedSourceOf } from './computed-source';
import { checkPlacement, linkTargetOf, pageTypeOf } from './page-types';
import { isReusableChange } from './reusable-contents';
import { chooseSlug } from './slugs';

export { slugify } from './slugs';

/** A change with its body already stored: `documentHash` undefined leaves the body as it is. */
export interface PreparedChange {
  change: ContentChange;
  /** Id given to the page of an `insert_page`. */
  pageId?: string;
  documentHash?: string | null;
  /** Metadata a markdown document sets (frontmatter, title heading): it takes precedence over the change's fields. */
  documentFields?: PageFields;
  /** For a `revert_page`: the tree of the revision to revert to. */
  revert?: RevertTarget;
}

export type ChangeOutcome =
  | { kind: 'created'; pageId: string; ref?: string }
  | { kind: 'updated'; pageId: string }
  | { kind: 'deleted'; pageId: string };

/**
 * Applies a batch of page changes to a working tree, in order. Any invalid change throws before
 * the caller writes anything, so a batch applies entirely or not at all. `documents` holds every
 * body a block-level revert may read; the bodies it derives are left in `documents.added`.
 */
export function applyChanges(
  tree: PageTree,
  changes: PreparedChange[],
  now: string,
  documents: DocumentPool = new DocumentPool(),
): ChangeOutcome[] {
  const outcomes: ChangeOutcome[] = [];
  changes.forEach((prepared, index) => {
    const at = `changes[${index}]`;
    const { change } = prepared;
    // Files and reusable contents are not pages: the caller applies them to the revision's lists.
    if (change.operation === 'insert_files' || isReusableChange(change)) return;
    if (change.operation === 'insert_page') {
      const parent = change.into ?? ROOT;
      if (parent !== ROOT && !tree.pages.has(parent)) throw notFound(`${at}.into: no page "${parent}" in this change request`);
      const type = pageTypeOf(change.type, `${at}.type`) ?? 'document';
      const target = typedFields(type, change, undefined, at);
      const computed = computedFields(type, change, undefined, at);
      checkPlacement(tree, type, parent, `${at}.into`);
      const fields = { ...change, ...prepared.documentFields };
      const title = fields.title ?? 'Untitled';
      const meta: PageMeta = {
        ...pickFields(fields),
        ...(target ? { target } : {}),
        ...(computed ? { computed } : {}),
        title,
        slug: '',
        createdAt: now,
        updatedAt: now,
      };
      meta.slug = chooseSlug(tree, parent, fields.slug, title, `${at}.slug`);
      const document = type === 'document' ? (prepared.documentHash ?? null) : null;
      tree.insert({ id: prepared.pageId!, type, meta, document, parent }, change.at);
      outcomes.push({ kind: 'created', pageId: prepared.pageId!, ref: change.ref });
    } else if (change.operation === 'update_page') {
      const page = existing(tree, change.page, `${at}.page`);
      updatePage(tree, page, prepared, at, now);
      outcomes.push({ kind: 'updated', pageId: page.id });
    } else if (change.operation === 'revert_page') {
      const target = prepared.revert!;
      outcomes.push(
        ...(change.block !== undefined
          ? revertBlocks(tree, change.page, change.block, target, documents)
          : revertWholePage(tree, change.page, target, now)),
      );
    } else {
      existing(tree, change.page, `${at}.page`);
      for (const pageId of tree.remove(change.page)) outcomes.push({ kind: 'deleted', pageId });
    }
  });
  return dedupe(outcomes);
}

function updatePage(tree: PageTree, page: PageEntry, prepared: PreparedChange, at: string, now: string): void {
  const change = prepared.change as Extract<ContentChange, { operation: 'update_page' }>;
  const type = pageTypeOf(change.type, `${at}.type`) ?? page.type;
  const target = typedFields(type, change, page.meta.target, at);
  const computed = computedFields(type, change, page.meta.computed, at);
  if ((type === 'link' || type === 'computed') && page.type !== type && tree.childrenOf(page.id).length > 0)
    throw badRequest(`${at}.type: a page with child pages cannot become a ${type}`);
  if (change.into !== undefined || change.at !== undefined) {
    const parent = change.into === undefined ? page.parent : (change.into ?? ROOT);
    if (parent !== ROOT && !tree.pages.has(parent)) throw notFound(`${at}.into: no page "${parent}" in this change request`);
    if (parent !== ROOT && tree.isWithin(parent, page.id))
      throw badRequest(`${at}.into: a page cannot move into itself or one of its descendants`);
    checkPlacement(tree, type, parent, `${at}.into`);
    tree.move(page.id, parent, change.at);
  } else if (type !== page.type) {
    checkPlacement(tree, type, page.parent, `${at}.type`);
  }
  if (type !== page.type) {
    page.type = type;
    // A group or a link has no body; a page that becomes a document starts empty.
    page.document = null;
  }
  if (target) page.meta = { ...page.meta, target };
  else if (page.meta.target) {
    const { target: _dropped, ...rest } = page.meta;
    page.meta = rest;
  }
  if (computed) page.meta = { ...page.meta, computed };
  else if (page.meta.computed) {
    const { computed: _dropped, ...rest } = page.meta;
    page.meta = rest;
  }
  const given: PageFields = { ...change, ...prepared.documentFields };
  const { title, slug } = given;
  page.meta = { ...page.meta, ...pickFields(given), ...(title ? { title } : {}), updatedAt: now };
  for (const key of ['emoji', 'icon'] as const) if (page.meta[key] === '') delete page.meta[key];
  if (slug !== undefined && slug !== page.meta.slug)
    page.meta.slug = chooseSlug(tree, page.parent, slug, page.meta.title, `${at}.slug`, page.id);
  else if (tree.slugTaken(page.parent, page.meta.slug, page.id))
    page.meta.slug = chooseSlug(tree, page.parent, undefined, page.meta.slug, `${at}.slug`, page.id);
  if (prepared.documentHash !== undefined) page.document = prepared.documentHash;
  tree.touch(page.id);
}

/**
 * Checks what a change gives a page of `type`: no body unless a document, and a target exactly
 * when a link (`current`, the page's target, counts for an update). Returns the link's target.
 */
function typedFields(
  type: PageType,
  change: PageLinkFields & { document?: unknown },
  current: PageLinkTarget | undefined,
  at: string,
): PageLinkTarget | undefined {
  if (type !== 'document' && change.document !== undefined) throw badRequest(`${at}.document: a ${type} page has no document`);
  const target = linkTargetOf(change, at);
  if (type !== 'link') {
    if (target) throw badRequest(`${at}.${change.href !== undefined ? 'href' : 'target'}: only a link page has an href or a target`);
    return undefined;
  }
  if (!target && !current) throw badRequest(`${at}.href: a link page needs an href or a target`);
  return target ?? current;
}

/** A computed page's source: required on a computed page (`current` counts for an update), refused on others. */
function computedFields(
  type: PageType,
  change: ComputedPageFields,
  current: ComputedPageSource | undefined,
  at: string,
): ComputedPageSource | undefined {
  if (type !== 'computed') {
    if (change.computed !== undefined) throw badRequest(`${at}.computed: only a computed page has a computed source`);
    return undefined;
  }
  if (change.computed === undefined) {
    if (!current) throw badRequest(`${at}.computed: a computed page needs a computed source`);
    return current;
  }
  return computedSourceOf(change.computed, `${at}.computed`);
}

function existing(tree: PageTree, id: string, field: string): PageEntry {
  const page = tree.pages.get(id);
  if (!page) throw notFound(`${field}: no page "${id}" in this change request`);
  return page;
}

function pickFields(change: PageFields): Partial<PageMeta> {
  const out: Partial<PageMeta> = {};
  for (const key of ['emoji', 'icon', 'description', 'hidden', 'noIndex', 'noRobotsIndex'] as const) {
    if (change[key] !== undefined) (out as Record<string, unknown>)[key] = change[key];
  }
  return out;
}

/**
 * One outcome per page, in first-touched order: a page created then updated stays "created", one
 * deleted then restored (by a revert) was "updated", one created then deleted is "deleted".
 */
function dedupe(outcomes: ChangeOutcome[]): ChangeOutcome[] {
  const byPage = new Map<string, ChangeOutcome>();
  for (const outcome of outcomes) {
    const previous = byPage.get(outcome.pageId);
    if (!previous) byPage.set(outcome.pageId, outcome);
    else if (outcome.kind === 'deleted') byPage.set(outcome.pageId, outcome);
    else if (outcome.kind === 'created' && previous.kind === 'deleted')
      byPage.set(outcome.pageId, { kind: 'updated', pageId: outcome.pageId });
  }
  return [...byPage.values()];
}
