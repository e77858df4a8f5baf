import {
  ContentEvents,
  type JsonDocument,
  type RequestContext,
  type RevisionCreatedEvent,
  type TemplateApplyInput,
} from '@bindery/contracts';
import { markdownToDocument } from '@bindery/document';
import { addToOutbox, badRequest, callerId, forbidden, newId, notFound } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ChangeRequestsRepository } from '../store/change-requests.repository';
import { Clock } from '../clock/clock';
import { applyChanges, type PreparedChange } from '../model/apply-changes';
import { DocumentPool } from '../model/document-pool';
import { ROOT } from '../model/page-tree';
import { ContentStore } from '../store/content-store';
import { NO_CHANGE_REQUEST } from '../store/content-reader';
import { RevisionsRepository } from '../store/revisions.repository';
import { enqueueSearchIndex } from '../store/search-index-queue';
import { SpaceAccess } from '../store/space-access';
import { SpacesRepository } from '../store/spaces.repository';
import { SPACE_TEMPLATES, type SpaceTemplate, TEMPLATE_CONTENT_REFS, type TemplatePage, templateById } from './space-templates';

/**
 * Applies a built-in template: its pages are added after the existing ones, in one new revision
 * of the main content (with the space row locked, as a merge) or of a change request.
 */
@Injectable()
export class TemplatesService {
  constructor(
    private readonly access: SpaceAccess,
    private readonly spaces: SpacesRepository,
    private readonly changeRequests: ChangeRequestsRepository,
    private readonly revisions: RevisionsRepository,
    private readonly store: ContentStore,
    private readonly clock: Clock,
    private readonly db: DataSource,
  ) {}

  async apply(ctx: RequestContext, input: TemplateApplyInput): Promise<{ applied: true }> {
    const template = templateById(input.id);
    if (!template) throw badRequest(`id: unknown template "${input.id}"; one of ${SPACE_TEMPLATES.map((t) => t.id).join(', ')}`);
    const refs = contentRefs(input.params);
    await this.access.load(ctx, input.spaceId, 'edit');
    await this.db.transaction(async (manager) => {
      const space = (await this.spaces.findForUpdate(manager, input.spaceId))!;
      const cr =
        input.changeRequestId === undefined ? undefined : await this.changeRequests.find(space.id, input.changeRequestId, manager, true);
      if (cr === null) throw notFound(NO_CHANGE_REQUEST);
      if (cr && (cr.status === 'merged' || cr.status === 'archived'))
        throw badRequest(`changeRequestId: change request #${cr.number} is ${cr.status}`);
      if (!cr && space.editMode === 'locked') throw forbidden('The space is locked: its content cannot be changed');
      const base = (await this.revisions.find(cr ? cr.revisionId : space.revisionId, manager))!;
      for (const [key, file] of Object.entries(refs)) {
        if (!base.files.some((f) => f.id === file)) throw badRequest(`params.contentRefs.${key}.file: no file "${file}" in this content`);
      }
      const tree = await this.store.loadTree(base.pages, manager);
      const now = this.clock.now();
      const documents = new DocumentPool();
      const prepared = preparePages(template, refs, documents);
      applyChanges(tree, prepared, now.toISOString(), documents);
      await this.store.saveDocuments(manager, documents.added);
      const pages = await this.store.saveTree(manager, tree);
      const revision = await this.revisions.insert(manager, {
        id: newId(),
        spaceId: space.id,
        parents: [base.id],
        pages,
        files: base.files,
        reusableContents: base.reusableContents,
        type: 'edits',
        mergedFrom: null,
      });
      if (cr) {
        const userId = callerId(ctx);
        const contributors = cr.contributors.includes(userId) ? cr.contributors : [...cr.contributors, userId];
        await this.changeRequests.update(manager, cr.id, { revisionId: revision.id, updatedAt: now, contributors });
      } else {
        await this.spaces.update(manager, space.id, { revisionId: revision.id, updatedAt: now });
        await enqueueSearchIndex(manager, { id: space.id, revisionId: revision.id, language: space.language });
      }
      await this.publishRevision(manager, {
        spaceId: space.id,
        revisionId: revision.id,
        parents: [base.id],
        changeRequestId: cr?.id,
        at: now.toISOString(),
      });
    });
    return { applied: true };
  }

  private async publishRevision(manager: EntityManager, event: RevisionCreatedEvent): Promise<void> {
    if (event.changeRequestId === undefined) delete event.changeRequestId;
    await addToOutbox(manager, ContentEvents.revisionCreated, event);
  }
}

/** `params.contentRefs` checked: known keys, each `{kind: "file", file}`; returns file ids by key. */
function contentRefs(params: TemplateApplyInput['params']): Record<string, string> {
  const given = params?.contentRefs;
  if (given === undefined) return {};
  if (typeof given !== 'object' || given === null || Array.isArray(given)) throw badRequest('params.contentRefs: must be an object');
  const out: Record<string, string> = {};
  for (const [key, ref] of Object.entries(given)) {
    if (!(TEMPLATE_CONTENT_REFS as readonly string[]).includes(key))
      throw badRequest(`params.contentRefs.${key}: templates take only ${TEMPLATE_CONTENT_REFS.join(', ')}`);
    const { kind, file } = (ref ?? {}) as { kind?: unknown; file?: unknown };
    if (kind !== 'file') throw badRequest(`params.contentRefs.${key}.kind: must be "file"`);
    if (typeof file !== 'string' || file === '' || file.length > 100) throw badRequest(`params.contentRefs.${key}.file: must be a file id`);
    out[key] = file;
  }
  return out;
}

/** The template's pages as `insert_page` changes (depth first, so a parent exists before its children). */
function preparePages(template: SpaceTemplate, refs: Record<string, string>, documents: DocumentPool): PreparedChange[] {
  const out: PreparedChange[] = [];
  const visit = (pages: TemplatePage[], parent: string) => {
    for (const page of pages) {
      const pageId = newId();
      const body = markdownToDocument(page.markdown) as unknown as JsonDocument;
      if (out.length === 0 && refs.logo) body.nodes.unshift(logoBlock(refs.logo));
      const documentHash = documents.add(body);
      out.push({
        change: {
          operation: 'insert_page',
          ...(parent === ROOT ? {} : { into: parent }),
          title: page.title,
          document: { document: body },
        } as never,
        pageId,
        documentHash,
      });
      visit(page.pages ?? [], pageId);
    }
  };
  visit(template.pages, ROOT);
  return out;
}

function logoBlock(file: string) {
  return {
    object: 'block',
    type: 'images',
    key: newId().slice(0, 12),
    isVoid: false,
    data: {},
    nodes: [
      { object: 'block', type: 'image', key: newId().slice(0, 12), isVoid: true, data: { ref: { kind: 'file', file }, alt: 'Logo' } },
    ],
  };
}
