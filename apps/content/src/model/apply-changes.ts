import type { ContentChange, PageFields } from '@bindery/contracts';
import { badRequest, notFound } from '@bindery/platform';
import { DocumentPool } from './document-pool';
import { type PageEntry, type PageMeta, type PageTree, ROOT } from './page-tree';
import { type RevertTarget, revertBlocks, revertWholePage } from './revert-page';
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
    // Files are not pages: the caller adds them to the revision's file list.
    if (change.operation === 'insert_files') return;
    if (change.operation === 'insert_page') {
      const parent = change.into ?? ROOT;
      if (parent !== ROOT && !tree.pages.has(parent)) throw notFound(`${at}.into: no page "${parent}" in this change request`);
      const fields = { ...change, ...prepared.documentFields };
      const title = fields.title ?? 'Untitled';
      const meta: PageMeta = { ...pickFields(fields), title, slug: '', createdAt: now, updatedAt: now };
      meta.slug = chooseSlug(tree, parent, fields.slug, title, `${at}.slug`);
      tree.insert({ id: prepared.pageId!, type: 'document', meta, document: prepared.documentHash ?? null, parent }, change.at);
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
  if (change.into !== undefined || change.at !== undefined) {
    const parent = change.into === undefined ? page.parent : (change.into ?? ROOT);
    if (parent !== ROOT && !tree.pages.has(parent)) throw notFound(`${at}.into: no page "${parent}" in this change request`);
    if (parent !== ROOT && tree.isWithin(parent, page.id))
      throw badRequest(`${at}.into: a page cannot move into itself or one of its descendants`);
    tree.move(page.id, parent, change.at);
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
