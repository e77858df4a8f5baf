import {
  ContentEvents,
  type ImportApplyInput,
  type ImportApplyResult,
  IMPORT_READ_DOCUMENTS_MAX_BYTES,
  type ImportReadDocumentsInput,
  type ImportReadDocumentsResult,
  type ImportReadFileInput,
  type ImportReadFileResult,
  type ImportReadInput,
  type ImportReadPage,
  type ImportReadResult,
  IMPORT_STORE_DOCUMENTS_MAX,
  type ImportStoreDocumentsInput,
  type ImportStoreDocumentsResult,
  type ImportStoreFilesInput,
  type ImportStoreFilesResult,
  type RequestContext,
  type RevisionCreatedEvent,
} from '@bindery/contracts';
import { addToOutbox, badRequest, conflict, forbidden, newId, notFound, unavailable } from '@bindery/platform';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../clock/clock';
import { FILE_STORAGE, type FileStorage, bytesHash } from '../store/file-storage/file-storage';
import { stableStringify } from '../model/content-hash';
import type { StoredFile } from '../model/file-list';
import { ROOT } from '../model/page-tree';
import { holdContentWriteLock } from '../store/content-write-lock';
import { ContentStore } from '../store/content-store';
import { RevisionsRepository } from '../store/revisions.repository';
import { SpaceAccess } from '../store/space-access';
import { SpacesRepository } from '../store/spaces.repository';
import { buildImportTree, importedReusableContents } from './import-tree';
import { canonicalBody, serialisedBody } from './imported-body';
import { checkedHashes, withinReply } from './read-batches';
import { storeImportedBodies } from './imported-bodies.repository';

/** Most bytes one store-files request may carry (decoded); the importer sends files in batches under it. */
const MAX_STORE_BYTES = 32 * 1024 * 1024;

/**
 * Whole-tree imports for git sync: a complete page tree and file list become one new revision,
 * atomically (main content, or a standalone revision that does not move main), and the current
 * revision read back for an export. The caller needs the `edit` level (`triggerGitSync`).
 */
@Injectable()
export class ImportsService {
  constructor(
    private readonly access: SpaceAccess,
    private readonly spaces: SpacesRepository,
    private readonly revisions: RevisionsRepository,
    private readonly store: ContentStore,
    private readonly clock: Clock,
    private readonly db: DataSource,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  async storeFiles(ctx: RequestContext, input: ImportStoreFilesInput): Promise<ImportStoreFilesResult> {
    await this.access.load(ctx, input.spaceId, 'edit');
    const buffers = (input.files ?? []).map((f) => Buffer.from(f.base64, 'base64'));
    if (buffers.reduce((sum, b) => sum + b.length, 0) > MAX_STORE_BYTES)
      throw badRequest(`files: at most ${MAX_STORE_BYTES} bytes per request`);
    const hashes: string[] = [];
    for (const bytes of buffers) {
      const hash = bytesHash(bytes);
      await this.storage.put(hash, bytes);
      hashes.push(hash);
    }
    return { hashes };
  }

  /** Page bodies stored ahead of an apply, content-addressed (a body stored before is not written again). */
  async storeDocuments(ctx: RequestContext, input: ImportStoreDocumentsInput): Promise<ImportStoreDocumentsResult> {
    const field = input.documentTexts !== undefined ? 'documentTexts' : 'documents';
    const sent: unknown = input[field];
    if (!Array.isArray(sent)) throw badRequest(`${field}: must be a list`);
    if (sent.length > IMPORT_STORE_DOCUMENTS_MAX) throw badRequest(`${field}: at most ${IMPORT_STORE_DOCUMENTS_MAX} per request`);
    await this.access.load(ctx, input.spaceId, 'edit');
    // Texts are taken as sent once checked canonical; values are serialised here (see `canonicalBody`).
    const bodies = sent.map((d: unknown, i) => (field === 'documentTexts' ? canonicalBody : serialisedBody)(d, `${field}[${i}]`));
    const stored = bodies.filter((body) => body.document.nodes.length > 0);
    const hashes = await this.db.transaction((manager) => storeImportedBodies(manager, stored));
    let next = 0;
    return { hashes: bodies.map((body) => (body.document.nodes.length > 0 ? hashes[next++] : null)) };
  }

  async apply(ctx: RequestContext, input: ImportApplyInput): Promise<ImportApplyResult> {
    if (!Array.isArray(input.pages) || !Array.isArray(input.files)) throw badRequest('pages and files: must be lists');
    const files: StoredFile[] = input.files.map((f, i) => {
      if (!/^[0-9a-f]{64}$/.test(f.hash)) throw badRequest(`files[${i}].hash: must be a sha256`);
      return { id: f.id, name: f.name, contentType: f.contentType, size: f.size, hash: f.hash };
    });
    return this.db.transaction(async (manager) => {
      const { space } = await this.access.load(ctx, input.spaceId, 'edit', { lockWith: manager });
      if (space.editMode === 'locked') throw forbidden('The space is locked: its content cannot be edited');
      if (input.expectedRevisionId && input.expectedRevisionId !== space.revisionId && !input.force && !input.standalone)
        throw conflict('The space was edited since the last sync; import again with force to replace those edits');
      await holdContentWriteLock(manager);
      // Bytes were stored before; the collector may not remove them once the writers' lock is held.
      for (const file of files)
        if (!(await this.storage.exists(file.hash))) throw conflict(`files: the bytes of "${file.name}" are not stored`);
      const current = (await this.revisions.find(space.revisionId, manager))!;
      if (input.onlyIfEmpty && !isEmptyRevision(current)) return { revisionId: current.id, changed: false, pagesWritten: 0 };
      const tree = await this.store.loadTree(current.pages, manager);
      const now = this.clock.now();
      const built = buildImportTree(tree, input.pages, now.toISOString());
      await this.store.saveDocuments(manager, built.documents);
      // Bodies stored before by hash: the collector may have removed one no page used yet (it runs
      // under the writers' lock, now held), so the importer stores them again on its retry.
      // 503, not 409: the importer's next attempt stores the bodies again, so it is worth a retry.
      const reusableContents = importedReusableContents(input.reusableContents, current.reusableContents, input.sourceReusableContentIds);
      await this.store.saveDocuments(manager, reusableContents.documents);
      const missing = await this.store.countMissingDocuments(manager, [...built.storedHashes, ...reusableContents.storedHashes]);
      if (missing > 0) throw unavailable(`pages: ${missing} page bodies are not stored, store them again`);
      let written = 0;
      for (const page of built.tree.pages.values()) if (page.nodeHash === undefined) written++;
      const pages = await this.store.saveTree(manager, built.tree);
      const sameFiles = stableStringify(files) === stableStringify(current.files);
      const sameReusable = stableStringify(reusableContents.list) === stableStringify(current.reusableContents);
      if (!input.standalone && sameFiles && sameReusable && sameList(pages, current.pages))
        return { revisionId: current.id, changed: false, pagesWritten: 0 };
      const revision = await this.revisions.insert(manager, {
        id: newId(),
        spaceId: space.id,
        parents: [current.id],
        pages,
        files,
        reusableContents: reusableContents.list,
        type: 'edits',
        mergedFrom: null,
      });
      if (!input.standalone) await this.spaces.update(manager, space.id, { revisionId: revision.id, updatedAt: now });
      const event: RevisionCreatedEvent = { spaceId: space.id, revisionId: revision.id, parents: revision.parents, at: now.toISOString() };
      await addToOutbox(manager, ContentEvents.revisionCreated, event);
      return { revisionId: revision.id, changed: true, pagesWritten: written };
    });
  }

  /** The tree names bodies by hash: they are read in bounded batches (`readDocuments`). */
  async read(ctx: RequestContext, input: ImportReadInput): Promise<ImportReadResult> {
    const { space } = await this.access.load(ctx, input.spaceId, 'view');
    const revision = (await this.revisions.find(space.revisionId))!;
    const tree = await this.store.snapshot(revision.pages);
    const toPage = (id: string): ImportReadPage => {
      const page = tree.pages.get(id)!;
      const { title, slug, description, icon, emoji, hidden, layout, target } = page.meta;
      return {
        id,
        ...(page.type !== 'document' ? { type: page.type } : {}),
        ...(target !== undefined ? { target } : {}),
        title,
        slug,
        ...(description !== undefined ? { description } : {}),
        ...(icon !== undefined ? { icon } : {}),
        ...(emoji !== undefined ? { emoji } : {}),
        ...(hidden !== undefined ? { hidden } : {}),
        ...(layout !== undefined ? { layout } : {}),
        documentHash: page.document ?? null,
        pages: tree.childrenOf(id).map(toPage),
      };
    };
    return {
      revisionId: revision.id,
      pages: tree.childrenOf(ROOT).map(toPage),
      files: revision.files.map(({ id, name, contentType, size, hash }) => ({ id, name, contentType, size, hash })),
      reusableContents: revision.reusableContents.map(({ id, title, document }) => ({ id, title, documentHash: document ?? null })),
    };
  }

  /**
   * Bodies of the space's current revision by hash, as many as fit one reply: a body is only
   * answered to a caller who may view a page holding it.
   */
  async readDocuments(ctx: RequestContext, input: ImportReadDocumentsInput): Promise<ImportReadDocumentsResult> {
    const hashes = checkedHashes(input.hashes);
    const { space } = await this.access.load(ctx, input.spaceId, 'view');
    const revision = (await this.revisions.find(space.revisionId))!;
    const tree = await this.store.snapshot(revision.pages);
    const held = new Set<string>();
    for (const page of tree.pages.values()) if (page.document) held.add(page.document);
    for (const content of revision.reusableContents) if (content.document) held.add(content.document);
    const foreign = hashes.find((hash) => !held.has(hash));
    if (foreign !== undefined) throw notFound(`hashes: no page or reusable content of the space has the body ${foreign}`);
    const bodies = await this.store.loadDocuments(hashes);
    return { documents: withinReply(hashes, bodies, IMPORT_READ_DOCUMENTS_MAX_BYTES) };
  }

  async readFile(ctx: RequestContext, input: ImportReadFileInput): Promise<ImportReadFileResult> {
    const { space } = await this.access.load(ctx, input.spaceId, 'view');
    const revision = (await this.revisions.find(space.revisionId))!;
    if (!revision.files.some((f) => f.hash === input.hash)) throw notFound('No such file in the space');
    const bytes = await this.storage.get(input.hash);
    if (!bytes) throw notFound('No such file in the space');
    return { base64: bytes.toString('base64') };
  }
}

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** A revision with nothing in it: an import's outline may stand in for it (see `onlyIfEmpty`). */
function isEmptyRevision(revision: { pages: unknown[]; files: unknown[]; reusableContents?: unknown[] | null }): boolean {
  return revision.pages.length === 0 && revision.files.length === 0 && (revision.reusableContents?.length ?? 0) === 0;
}
