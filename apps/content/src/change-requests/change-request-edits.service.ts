import {
  type ChangeRequest,
  type ChangeRequestContentUpdate,
  type ChangeRequestEditInput,
  ContentEvents,
  type RequestContext,
  type RevisionCreatedEvent,
  type JsonDocument,
  type RevisionFile,
  type RevisionReusableContent,
} from '@bindery/contracts';
import { badRequest, callerId, forbidden, newId, notFound, WriteBatch } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../clock/clock';
import { DownloadSigner } from '../files/download-signer';
import { toWireFile } from '../files/file.mapper';
import { FileIntake, type StoredUpload } from '../files/file-intake';
import { applyChanges, type ChangeOutcome, type PreparedChange } from '../model/apply-changes';
import { applyReusableChanges, isReusableChange, type ReusableOutcome } from '../model/reusable-contents';
import { DocumentPool } from '../model/document-pool';
import { type PageTree, ROOT } from '../model/page-tree';
import type { StoredFile } from '../model/file-list';
import { NO_CHANGE_REQUEST } from '../store/content-reader';
import { MarkdownPool } from '@bindery/platform/markdown';
import { ContentStore } from '../store/content-store';
import { type RevisionRow, RevisionsRepository } from '../store/revisions.repository';
import { toWireReusableContent } from '../pages/reusable-content.mapper';
import { SpaceAccess } from '../store/space-access';
import { type JudgedSpace, RememberedSpaces } from '../store/remembered-spaces';
import type { SpaceEntity } from '../store/space.entity';
import { type ChangeRequestEntity, mergeBaseOf } from '../store/change-request.entity';
import { toChangeRequest } from './change-request.mapper';
import { ChangeRequestsRepository, editedRow, isChangedMeanwhile } from '../store/change-requests.repository';
import { heldContentWriteLock } from '../store/content-write-lock';
import { resolveDocument } from './document-input';
import { hasUrlRefs, type LinkTargets, resolveRelativeLinks } from './relative-links';

/** `updateChangeRequestContent`: a batch of page changes, applied entirely or not at all. */
@Injectable()
export class ChangeRequestEditsService {
  constructor(
    private readonly changeRequests: ChangeRequestsRepository,
    private readonly revisions: RevisionsRepository,
    private readonly store: ContentStore,
    private readonly access: SpaceAccess,
    private readonly clock: Clock,
    private readonly db: DataSource,
    private readonly intake: FileIntake,
    private readonly signer: DownloadSigner,
    private readonly converter: MarkdownPool,
    private readonly spaces: RememberedSpaces,
  ) {}

  async edit(ctx: RequestContext, input: ChangeRequestEditInput): Promise<ChangeRequest | ChangeRequestContentUpdate> {
    const userId = callerId(ctx);
    const written = (await this.editAsRemembered(ctx, input, userId)) ?? (await this.editLoaded(ctx, input, userId));
    const { cr, outcomes, reusable, revision, spaceRevision, uploads } = written;
    // Committed: the next edit or the merge of this change request starts from it.
    this.revisions.remember(revision);
    this.changeRequests.rememberWritten(cr);
    const changeRequest = toChangeRequest(cr, spaceRevision, ctx.baseUrl);
    if (input.compat !== false) return changeRequest;
    const location = (pageId: string) => `${ctx.baseUrl}/v1/spaces/${cr.spaceId}/change-requests/${cr.id}/content/page/${pageId}`;
    const now = this.clock.now();
    const insertedFiles: RevisionFile[] = uploads.map((u) => toWireFile(u.entry, this.signer, ctx.baseUrl, now));
    return {
      changeRequest,
      ...(insertedFiles.length > 0 ? { insertedFiles } : {}),
      ...(reusable.length > 0 ? { insertedReusableContents: reusable } : {}),
      changes: outcomes.map((o) =>
        o.kind === 'deleted'
          ? { object: 'deleted_page' as const, page: o.pageId }
          : o.kind === 'created'
            ? {
                object: 'created_page' as const,
                ...(o.ref ? { ref: o.ref } : {}),
                page: { object: 'page' as const, id: o.pageId, urls: { location: location(o.pageId) } },
              }
            : { object: 'updated_page' as const, page: { object: 'page' as const, id: o.pageId, urls: { location: location(o.pageId) } } },
      ),
    };
  }

  /**
   * The edit without reading its space: the space as the last open, edit or merge of this process
   * loaded it (`RememberedSpaces`) judges the caller's level and the locked check, and the edit's
   * one statement applies only while the space is still as judged and the change request still as
   * this process last wrote it: one statement (the write) instead of two. Undefined when either is
   * not remembered, the batch has files (their bytes are stored before the access check), or the
   * statement found either changed: the caller then loads the space and edits as before, which
   * answers as the space and the change request are now.
   */
  private async editAsRemembered(ctx: RequestContext, input: ChangeRequestEditInput, userId: string): Promise<EditWritten | undefined> {
    if (input.changes.some((change) => change.operation === 'insert_files')) return undefined;
    const remembered = this.changeRequests.lastWritten(input.spaceId, input.changeRequestId);
    if (!remembered || !isEditable(remembered)) return undefined;
    const space = await this.spaces.judged(ctx, input.spaceId, 'edit');
    if (!space) return undefined;
    let prepared: Awaited<ReturnType<ChangeRequestEditsService['prepareDocuments']>>;
    try {
      prepared = await this.prepareDocuments(input, []);
    } catch (error) {
      // A refused batch is answered only to a caller who may still edit the space as it is now.
      await this.loadEditable(ctx, input.spaceId);
      throw error;
    }
    const written = await this.applyUnlessChanged(remembered, prepared.prepared, prepared.documents, userId, space);
    // The space or the change request changed since: `editLoaded` loads the space next (and remembers it again if it may).
    if (!written) this.spaces.forget(space.id);
    return written && { ...written, spaceRevision: written.spaceRevision!, uploads: [] };
  }

  /** The edit once its space is loaded and checked, as every edit did before `editAsRemembered`. */
  private async editLoaded(ctx: RequestContext, input: ChangeRequestEditInput, userId: string): Promise<EditWritten> {
    const space = await this.loadEditable(ctx, input.spaceId);
    // Bytes are stored before the transaction: content-addressed and written once, so bytes of a
    // batch that then fails are harmless, and no storage call holds a database lock.
    const uploads = await this.storeUploads(input);
    // Bodies are converted before the transaction too: Markdown runs on worker threads within a
    // time budget, and no row lock waits for it.
    const { prepared, documents } = await this.prepareDocuments(input, uploads);
    const written =
      (uploads.length === 0 ? await this.editInOneStatement(space.id, input.changeRequestId, prepared, documents, userId) : undefined) ??
      (await this.db.transaction(async (manager) => {
        // The change request's row lock and the content write lock, in one statement.
        const found = await this.changeRequests.findForWrite(manager, space.id, input.changeRequestId);
        if (!found) throw notFound(NO_CHANGE_REQUEST);
        await this.intake.confirmStored(manager, uploads);
        checkEditable(found);
        return this.applyBatch(manager, found, prepared, documents, userId, uploads, false);
      }));
    // Answered with the space as loaded when the statement did not read it (the locked path).
    return { ...written, spaceRevision: written.spaceRevision ?? space.revisionId, uploads };
  }

  /** The space, when the caller may edit it and it is not locked; remembered for the next edit (`editAsRemembered`). */
  private async loadEditable(ctx: RequestContext, spaceId: string): Promise<SpaceEntity> {
    const { space } = await this.access.load(ctx, spaceId, 'edit');
    if (space.editMode === 'locked') throw forbidden('The space is locked: its content cannot be edited');
    this.spaces.remember(space);
    return space;
  }

  /**
   * The edit without a transaction: the change request as this process last wrote it (opening or
   * editing it), else read as it is (no lock), the batch computed on its revision, and every write
   * sent as one statement that applies only if the change request still has that revision and is
   * still open (`editUnlessChangedIn`) and answers the row as it wrote it: one statement instead of
   * four (START TRANSACTION, the locked read, the writes, COMMIT). A remembered row that changed
   * meanwhile (another replica's edit, a merge) costs one failed statement, then the row is read.
   * Undefined when the row read changed meanwhile too (a concurrent edit or merge of it): the
   * caller then edits with the row locked, as every edit did before, which answers as that one
   * left it. A batch with files is not written this way: their bytes are confirmed under the
   * collector's lock before the writes that name them (`FileIntake.confirmStored`).
   */
  private async editInOneStatement(
    spaceId: string,
    changeRequestId: string,
    prepared: PreparedChange[],
    bodies: PreparedBodies,
    userId: string,
  ): Promise<AppliedBatch | undefined> {
    const remembered = this.changeRequests.lastWritten(spaceId, changeRequestId);
    if (remembered && isEditable(remembered)) {
      const written = await this.applyUnlessChanged(remembered, prepared, bodies, userId);
      if (written) return written;
    }
    const found = await this.changeRequests.find(spaceId, changeRequestId);
    if (!found) throw notFound(NO_CHANGE_REQUEST);
    checkEditable(found);
    return this.applyUnlessChanged(found, prepared, bodies, userId);
  }

  /**
   * `applyBatch` as one statement without a transaction, on `cr` as read (and, with `judgedSpace`,
   * the space as remembered); undefined when either changed meanwhile.
   */
  private async applyUnlessChanged(
    cr: ChangeRequestEntity,
    prepared: PreparedChange[],
    bodies: PreparedBodies,
    userId: string,
    judgedSpace?: JudgedSpace,
  ): Promise<AppliedBatch | undefined> {
    const manager = this.db.createEntityManager();
    // Each write of the statement that counts on a stored row takes the collector's lock itself
    // (`CONTENT_WRITE_LOCK_CONDITION`), held until the statement commits.
    heldContentWriteLock(manager);
    try {
      return await this.applyBatch(manager, cr, prepared, bodies, userId, [], true, judgedSpace);
    } catch (error) {
      if (isChangedMeanwhile(error)) return undefined;
      throw error;
    }
  }

  /** Stores the bytes of every `insert_files` change (inline or fetched); each file gets a new id. */
  private storeUploads(input: ChangeRequestEditInput): Promise<StoredUpload[]> {
    return this.intake.storeAll(
      input.changes.flatMap((change, index) =>
        change.operation === 'insert_files'
          ? change.files.map((file, at) => ({ input: file, field: `changes[${index}].files[${at}]` }))
          : [],
      ),
    );
  }

  /** Page ids first, so documents can link to pages of the same batch by their refs in any order; then every body. */
  private async prepareDocuments(input: ChangeRequestEditInput, uploads: StoredUpload[]) {
    const refs = new Map<string, string>();
    const reusableRefs = new Map<string, string>();
    const prepared: PreparedChange[] = input.changes.map((change, index) => {
      // Bindery extension: a new reusable content's id, named by its ref in the batch's documents.
      if (change.operation === 'insert_reusable_content') {
        const id = newId();
        if (change.ref !== undefined) {
          if (refs.has(change.ref) || reusableRefs.has(change.ref))
            throw badRequest(`changes[${index}].ref: "${change.ref}" is used twice in this batch`);
          reusableRefs.set(change.ref, id);
        }
        return { change, pageId: id };
      }
      if (change.operation !== 'insert_page') return { change };
      const pageId = newId();
      if (change.ref !== undefined) {
        if (refs.has(change.ref) || reusableRefs.has(change.ref))
          throw badRequest(`changes[${index}].ref: "${change.ref}" is used twice in this batch`);
        refs.set(change.ref, pageId);
      }
      return { change, pageId };
    });
    const context = {
      pages: refs,
      files: fileRefsOf(uploads, refs),
      reusableContents: reusableRefs,
      converter: this.converter,
      signal: this.converter.budget(),
    };
    const documents = new DocumentPool();
    const markdownBodies: MarkdownBody[] = [];
    for (const [index, item] of prepared.entries()) {
      const { change } = item;
      const withBody =
        change.operation === 'insert_page' ||
        change.operation === 'update_page' ||
        change.operation === 'insert_reusable_content' ||
        change.operation === 'update_reusable_content';
      if (!withBody || change.document === undefined) continue;
      const titleFromHeading = change.operation === 'insert_page';
      const resolved = await resolveDocument(change.document, context, `changes[${index}].document`, titleFromHeading);
      item.documentFields = resolved.fields;
      // A Markdown body's relative URLs name pages by their path: resolved once the tree is loaded.
      if (resolved.fromMarkdown && hasUrlRefs(resolved.document)) markdownBodies.push({ item, document: resolved.document });
      else item.documentHash = documents.add(resolved.document);
    }
    return { prepared, documents: { pool: documents, markdownBodies, pageRefs: refs, fileRefs: context.files } };
  }

  private async applyBatch(
    manager: EntityManager,
    cr: ChangeRequestEntity,
    prepared: PreparedChange[],
    bodies: PreparedBodies,
    userId: string,
    uploads: StoredUpload[],
    unlocked: boolean,
    judgedSpace?: JudgedSpace,
  ): Promise<AppliedBatch> {
    const revision = (await this.revisions.find(cr.revisionId, manager))!;
    const tree = await this.store.loadTree(revision.pages, manager);
    const now = this.clock.now();
    const documents = bodies.pool;
    resolveMarkdownLinks(tree, bodies, [...uploads.map((u) => u.entry), ...revision.files]);

    await this.prepareReverts(manager, cr, tree, prepared, documents);

    const outcomes: ChangeOutcome[] = applyChanges(tree, prepared, now.toISOString(), documents);
    const reusable = applyReusableChanges(
      revision.reusableContents,
      prepared.flatMap(({ change, pageId, documentHash }, index) =>
        isReusableChange(change) ? [{ change, id: pageId, documentHash, field: `changes[${index}]` }] : [],
      ),
    );
    // Every row the edit writes (bodies, page nodes, the revision, the change request, the event)
    // in one statement: one round trip instead of six.
    const writes = new WriteBatch();
    const nextId = newId();
    const contributors = cr.contributors.includes(userId) ? cr.contributors : [...cr.contributors, userId];
    // Unlocked, the change request's update is the batch's guard: it decides whether anything is
    // written, and answers the row as it wrote it (`cr` may be this process's memory of it).
    if (unlocked)
      this.changeRequests.editUnlessChangedIn(
        writes,
        cr.id,
        cr.revisionId,
        { revisionId: nextId, updatedAt: now, editor: userId },
        judgedSpace,
      );
    else this.changeRequests.updateIn(writes, cr.id, { revisionId: nextId, updatedAt: now, contributors });
    await this.store.saveDocuments(manager, documents.added, writes);
    const pages = await this.store.saveTree(manager, tree, writes);
    const next = this.revisions.insertIn(manager, writes, {
      id: nextId,
      spaceId: cr.spaceId,
      parents: [cr.revisionId],
      pages,
      files: [...revision.files, ...uploads.map((u) => u.entry)],
      reusableContents: reusable.list,
      type: 'edits',
      mergedFrom: null,
      createdAt: now,
    });
    const event: RevisionCreatedEvent = {
      spaceId: cr.spaceId,
      revisionId: next.id,
      parents: next.parents,
      changeRequestId: cr.id,
      at: now.toISOString(),
    };
    writes.event(ContentEvents.revisionCreated, event);
    const returned = await writes.run(manager);
    return {
      // Locked, `cr` is the row as it is until this transaction commits.
      ...(unlocked ? editedRow(returned) : { cr: { ...cr, revisionId: next.id, updatedAt: now, contributors } }),
      outcomes,
      reusable: createdReusable(reusable.outcomes, next),
      revision: next,
    };
  }

  /**
   * Loads what each `revert_page` reads: the tree of its revision (default the change request's
   * base; it must belong to this space) and, for a block-level revert, every body the page can
   * have when the revert runs: before the batch, in a reverted-to revision, or written earlier in
   * the batch (those are already known).
   */
  private async prepareReverts(
    manager: EntityManager,
    cr: ChangeRequestEntity,
    tree: PageTree,
    prepared: PreparedChange[],
    documents: DocumentPool,
  ): Promise<void> {
    const trees = new Map<string, PageTree>();
    const blockPages = new Set<string>();
    for (const [index, item] of prepared.entries()) {
      const { change } = item;
      if (change.operation !== 'revert_page') continue;
      const field = `changes[${index}]`;
      const revisionId = change.revision ?? mergeBaseOf(cr);
      let target = trees.get(revisionId);
      if (!target) {
        const revision = await this.revisions.find(revisionId, manager);
        // Another space's revision is answered like an unknown one: its existence is not disclosed.
        if (!revision || revision.spaceId !== cr.spaceId) throw notFound(`${field}.revision: no revision "${revisionId}" in this space`);
        // Only read: the shared, sealed snapshot, no copy.
        target = await this.store.snapshot(revision.pages, manager);
        trees.set(revisionId, target);
      }
      item.revert = { tree: target, revisionId, field };
      if (change.block !== undefined) blockPages.add(change.page);
    }
    if (blockPages.size === 0) return;
    // Earlier changes of the batch may have given the page the body it has in any of these trees.
    const bodies = [...blockPages].flatMap((pageId) => [tree, ...trees.values()].map((t) => t.pages.get(pageId)?.document ?? null));
    const hashes = bodies.filter((hash): hash is string => hash !== null);
    for (const [hash, document] of await this.store.loadDocuments(hashes, manager)) documents.known(hash, document);
  }
}

/** What an edit wrote: the change request as it now is, each change's outcome, the new revision. */
interface AppliedBatch {
  cr: ChangeRequestEntity;
  /** The space's revision as the edit's statement saw it (the change request's `outdated`); not read by the locked path. */
  spaceRevision?: string;
  outcomes: ChangeOutcome[];
  reusable: Array<RevisionReusableContent & { ref?: string }>;
  revision: RevisionRow;
}

/** An edit as committed, with the space's revision its answer compares with and the files it stored. */
type EditWritten = AppliedBatch & { spaceRevision: string; uploads: StoredUpload[] };

/** A merged or archived change request can no longer be edited. */
function isEditable(cr: ChangeRequestEntity): boolean {
  return cr.status !== 'merged' && cr.status !== 'archived';
}

function checkEditable(cr: ChangeRequestEntity): void {
  if (!isEditable(cr)) throw badRequest(`changeRequestId: the change request is ${cr.status} and can no longer be edited`);
}

/** The reusable contents a batch created, as the API shows them, with the refs they were given. */
function createdReusable(outcomes: ReusableOutcome[], revision: RevisionRow): Array<RevisionReusableContent & { ref?: string }> {
  return outcomes.flatMap((outcome) => {
    const stored = outcome.kind === 'created' ? revision.reusableContents.find((item) => item.id === outcome.id) : undefined;
    return stored ? [{ ...toWireReusableContent(stored), ...(outcome.kind === 'created' && outcome.ref ? { ref: outcome.ref } : {}) }] : [];
  });
}

/** Batch-local file refs to file ids; a ref must be unique among the batch's files and pages. */
function fileRefsOf(uploads: StoredUpload[], pageRefs: Map<string, string>): Map<string, string> {
  const refs = new Map<string, string>();
  for (const upload of uploads) {
    if (upload.ref === undefined) continue;
    if (refs.has(upload.ref) || pageRefs.has(upload.ref))
      throw badRequest(`${upload.field}.ref: "${upload.ref}" is used twice in this batch`);
    refs.set(upload.ref, upload.entry.id);
  }
  return refs;
}

/** A Markdown body waiting for its relative URLs to be resolved against the tree. */
interface MarkdownBody {
  item: PreparedChange;
  document: JsonDocument;
}

/** The batch's bodies: the ones already in the pool, and the Markdown ones still to resolve. */
interface PreparedBodies {
  pool: DocumentPool;
  markdownBodies: MarkdownBody[];
  pageRefs: Map<string, string>;
  fileRefs: Map<string, string>;
}

/**
 * Points the relative URLs of the batch's Markdown bodies (`./reference.md`, `../guide/intro.md#setup`,
 * `./logo.png`) at the pages and files they name: refs of the batch, whatever their order, and
 * pages (by path from the page's parent) and files (by name) of the space. Then adds the bodies to the pool.
 */
function resolveMarkdownLinks(tree: PageTree, bodies: PreparedBodies, files: StoredFile[]): void {
  if (bodies.markdownBodies.length === 0) return;
  const pagesByPath = new Map<string, string>();
  for (const id of tree.pages.keys()) pagesByPath.set(tree.pathOf(id), id);
  const filesByName = new Map<string, string>();
  // Files of the batch first: a name the batch brings again means the new file.
  for (const file of files) if (!filesByName.has(file.name)) filesByName.set(file.name, file.id);
  const pageIds = new Set([...tree.pages.keys(), ...bodies.pageRefs.values()]);
  for (const { item, document } of bodies.markdownBodies) {
    const targets: LinkTargets = {
      dir: directoryOf(tree, item),
      pageRefs: bodies.pageRefs,
      pagesByPath,
      pageIds,
      fileRefs: bodies.fileRefs,
      filesByName,
    };
    item.documentHash = bodies.pool.add(resolveRelativeLinks(document, targets));
  }
}

/** The path of the page the change writes under (its parent's path), where its relative URLs start. */
function directoryOf(tree: PageTree, item: PreparedChange): string {
  const { change } = item;
  let parent: string | null | undefined = ROOT;
  if (change.operation === 'insert_page') parent = change.into;
  else if (change.operation === 'update_page') parent = change.into !== undefined ? change.into : tree.pages.get(change.page)?.parent;
  return parent && tree.pages.has(parent) ? tree.pathOf(parent) : '';
}
