import {
  ContentEvents,
  type JsonDocument,
  type RequestContext,
  type RevisionCreatedEvent,
  type TreeWriteInput,
  type TreeWritePage,
  type TreeWriteResult,
} from '@bindery/contracts';
import { addToOutbox, badRequest, forbidden, newId, notFound } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../clock/clock';
import { contentHash, stableStringify } from '../model/content-hash';
import { type PageMeta, PageTree, ROOT } from '../model/page-tree';
import { checkPlacement, linkTargetOf, pageTypeOf } from '../model/page-types';
import { ContentStore } from '../store/content-store';
import { RevisionsRepository } from '../store/revisions.repository';
import { SpaceAccess } from '../store/space-access';
import { SpacesRepository } from '../store/spaces.repository';

/** Pages one write may hold (a 10,000-page space fits with room). */
const MAX_PAGES = 50_000;

/**
 * Writes a whole page tree as one new revision of a space: for services that produce a space's
 * content elsewhere (translations). Unchanged pages hash to the nodes already stored, so the
 * revision shares them; a tree and file list equal to the current revision's write nothing.
 */
@Injectable()
export class TreeWritesService {
  constructor(
    private readonly access: SpaceAccess,
    private readonly spaces: SpacesRepository,
    private readonly revisions: RevisionsRepository,
    private readonly store: ContentStore,
    private readonly clock: Clock,
    private readonly db: DataSource,
  ) {}

  async write(ctx: RequestContext, input: TreeWriteInput): Promise<TreeWriteResult> {
    await this.access.load(ctx, input.spaceId, 'edit');
    const { tree, documents } = buildTree(input.pages);
    let sourceFiles: Awaited<ReturnType<RevisionsRepository['find']>> | undefined;
    if (input.filesFrom) {
      const { space: source } = await this.access.load(ctx, input.filesFrom.spaceId, 'view');
      sourceFiles = await this.revisions.find(input.filesFrom.revisionId);
      if (!sourceFiles || sourceFiles.spaceId !== source.id) throw notFound('filesFrom.revisionId: no such revision in the space');
    }
    return this.db.transaction(async (manager) => {
      const space = await this.spaces.findForUpdate(manager, input.spaceId);
      if (!space || space.deletedAt) throw notFound('No matching space found');
      if (space.editMode === 'locked') throw forbidden('The space is locked: nothing can be written into it');
      const current = (await this.revisions.find(space.revisionId, manager))!;
      await this.store.saveDocuments(manager, documents);
      const pages = await this.store.saveTree(manager, tree);
      const files = sourceFiles ? sourceFiles.files : current.files;
      if (stableStringify(pages) === stableStringify(current.pages) && contentHash(files) === contentHash(current.files)) {
        return { revision: current.id, created: false };
      }
      const revision = await this.revisions.insert(manager, {
        id: newId(),
        spaceId: space.id,
        parents: [current.id],
        pages,
        files,
        reusableContents: current.reusableContents,
        type: 'edits',
        mergedFrom: null,
      });
      await this.spaces.update(manager, space.id, { revisionId: revision.id, updatedAt: this.clock.now() });
      const event: RevisionCreatedEvent = {
        spaceId: space.id,
        revisionId: revision.id,
        parents: revision.parents,
        at: revision.createdAt.toISOString(),
      };
      await addToOutbox(manager, ContentEvents.revisionCreated, event);
      return { revision: revision.id, created: true };
    });
  }
}

/** The working tree of the input, with every body to store; page ids and sibling slugs must be unique. */
export function buildTree(input: TreeWritePage[]): { tree: PageTree; documents: JsonDocument[] } {
  const tree = new PageTree();
  const documents: JsonDocument[] = [];
  const stack: Array<{ page: TreeWritePage; parent: string; path: string }> = input.map((page, i) => ({
    page,
    parent: ROOT,
    path: `pages[${i}]`,
  }));
  const order: typeof stack = [];
  // Depth-first in document order: children are inserted after their parent, in their order.
  while (stack.length > 0) {
    const item = stack.shift()!;
    order.push(item);
    if (order.length > MAX_PAGES) throw badRequest(`pages: more than ${MAX_PAGES} pages`);
    stack.unshift(...(item.page.pages ?? []).map((child, i) => ({ page: child, parent: item.page.id, path: `${item.path}.pages[${i}]` })));
  }
  for (const { page, parent, path } of order) {
    if (typeof page.id !== 'string' || page.id === '') throw badRequest(`${path}.id: required`);
    if (tree.pages.has(page.id)) throw badRequest(`${path}.id: page "${page.id}" appears twice`);
    if (typeof page.slug !== 'string' || page.slug === '') throw badRequest(`${path}.slug: required`);
    if (tree.slugTaken(parent, page.slug)) throw badRequest(`${path}.slug: "${page.slug}" is taken by a sibling`);
    const type = pageTypeOf(page.type, `${path}.type`) ?? 'document';
    checkPlacement(tree, type, parent, `${path}.type`);
    const target = type === 'link' ? linkTargetOf({ target: page.target }, path) : undefined;
    if (type === 'link' && !target) throw badRequest(`${path}.target: a link page needs a target`);
    let hash: string | null = null;
    if (type === 'document' && page.document && page.document.nodes.length > 0) {
      documents.push(page.document);
      hash = contentHash(page.document);
    }
    tree.insert({ id: page.id, type, meta: { ...metaOf(page), ...(target ? { target } : {}) }, document: hash, parent });
  }
  return { tree, documents };
}

function metaOf(page: TreeWritePage): PageMeta {
  const meta: PageMeta = { title: page.title, slug: page.slug, createdAt: page.createdAt, updatedAt: page.updatedAt };
  for (const key of ['emoji', 'icon', 'description', 'hidden', 'noIndex', 'noRobotsIndex', 'layout', 'cover'] as const) {
    if (page[key] !== undefined) (meta as unknown as Record<string, unknown>)[key] = page[key];
  }
  return meta;
}
