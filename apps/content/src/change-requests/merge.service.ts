import {
  type ChangeRequestMergedEvent,
  type ChangeRequestRef,
  ContentEvents,
  type MergeResult,
  type RequestContext,
  type RevisionCreatedEvent,
  type User,
} from '@bindery/contracts';
import { addToOutbox, badRequest, forbidden, newId, notFound } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { IdentityLookups } from '../access/identity-lookups';
import { Clock } from '../clock/clock';
import { NO_CHANGE_REQUEST } from '../store/content-reader';
import { RevisionMerger } from '../store/revision-merger';
import { type RevisionRow, RevisionsRepository } from '../store/revisions.repository';
import { SpaceAccess } from '../store/space-access';
import { SpacesRepository } from '../store/spaces.repository';
import { holdContentWriteLock } from '../store/content-write-lock';
import { undoneUnlessDone } from '../store/savepoints.repository';
import type { SpaceEntity } from '../store/space.entity';
import { type ChangeRequestEntity, mergeBaseOf } from '../store/change-request.entity';
import { ChangeRequestsRepository } from '../store/change-requests.repository';
import { MergeRulesGate } from './reviews/merge-rules.gate';
import { enqueueSearchIndex } from '../store/search-index-queue';

/**
 * Before a merge gives up computing outside the lock and computes with the space row locked:
 * each failed attempt means another merge into the same space committed meanwhile, so under
 * steady contention the locked path guarantees progress.
 */
const OPTIMISTIC_ATTEMPTS = 3;

/**
 * Merging a change request into its space, and updating it from the space. The change request's
 * row is locked for the whole transaction (one merge or edit of it at a time). A merge computes
 * and writes everything against the space's revision as read, then, as its last statement, moves
 * the space's revision with a compare-and-set: the space row is locked only from there to the
 * commit. When another merge moved it first, the attempt is rolled back to its savepoint and the
 * merge starts again from the new revision. Merges into one space still take turns on that row;
 * they no longer hold it while merging.
 */
@Injectable()
export class MergeService {
  constructor(
    private readonly changeRequests: ChangeRequestsRepository,
    private readonly spaces: SpacesRepository,
    private readonly revisions: RevisionsRepository,
    private readonly merger: RevisionMerger,
    private readonly access: SpaceAccess,
    private readonly identity: IdentityLookups,
    private readonly clock: Clock,
    private readonly db: DataSource,
    private readonly mergeRules: MergeRulesGate,
  ) {}

  async merge(ctx: RequestContext, ref: ChangeRequestRef): Promise<MergeResult> {
    const { space: current } = await this.access.load(ctx, ref.spaceId, 'edit');
    const mergedBy = await this.identity.currentUser(ctx);
    const organizationRules = await this.mergeRules.organizationRulesFor(ctx, current);
    return this.db.transaction(async (manager) => {
      const cr = await this.lockChangeRequest(manager, current.id, ref);
      // Taken before any savepoint: a lock taken after one is released when rolling back to it.
      await holdContentWriteLock(manager);
      for (let attempt = 1; ; attempt++) {
        if (attempt > OPTIMISTIC_ATTEMPTS) {
          const space = await this.spaces.findForUpdate(manager, current.id);
          if (!space) throw notFound('No matching space found');
          await this.checkMergeable(ctx, manager, space, cr, organizationRules);
          const { revision, now } = await this.writeMerge(manager, space, cr, mergedBy);
          await this.spaces.update(manager, space.id, { revisionId: revision, updatedAt: now });
          return { revision, result: 'merge' as const };
        }
        const space = await this.spaces.find(current.id, manager);
        if (!space) throw notFound('No matching space found');
        // Checked before merging, so a locked space or unmet rules answer before any conflict does.
        await this.checkMergeable(ctx, manager, space, cr, organizationRules);
        const merged = await undoneUnlessDone(manager, 'merge_attempt', async () => {
          const { revision, now } = await this.writeMerge(manager, space, cr, mergedBy);
          const locked = await this.spaces.moveRevision(manager, space.id, space.revisionId, revision, now);
          // Another merge moved the space first: this attempt's rows are undone, the next merges onto its revision.
          if (!locked) return undefined;
          // The space's mode or rules may have changed between the read and the lock.
          await this.checkMergeable(ctx, manager, { ...space, ...locked }, cr, organizationRules);
          return revision;
        });
        if (merged !== undefined) return { revision: merged, result: 'merge' as const };
      }
    });
  }

  /**
   * The merge of the change request into the space's revision as read: the merged revision, the
   * change request marked merged, the search indexing job and the events. Everything but moving
   * the space's revision, which the caller does.
   */
  private async writeMerge(
    manager: EntityManager,
    space: SpaceEntity,
    cr: ChangeRequestEntity,
    mergedBy: User,
  ): Promise<{ revision: string; now: Date }> {
    const [base, main, proposed] = await this.load(manager, mergeBaseOf(cr), space.revisionId, cr.revisionId);
    const { pages, files, reusableContents } = await this.merger.merge(manager, base, main, proposed);
    const now = this.clock.now();
    const revision = await this.revisions.insert(manager, {
      id: newId(),
      spaceId: space.id,
      parents: [main.id, proposed.id],
      pages,
      files,
      reusableContents,
      type: 'merge',
      mergedFrom: cr.id,
    });
    // The search index follows main content asynchronously (a durable job, queued with the merge).
    await enqueueSearchIndex(manager, { id: space.id, revisionId: revision.id, language: space.language });
    await this.changeRequests.update(manager, cr.id, {
      status: 'merged',
      revisionMerged: revision.id,
      mergedBy,
      mergedAt: now,
      updatedAt: now,
    });
    await this.publishRevision(manager, revision, cr.id);
    const merged: ChangeRequestMergedEvent = {
      spaceId: space.id,
      changeRequestId: cr.id,
      revisionId: revision.id,
      at: now.toISOString(),
    };
    await addToOutbox(manager, ContentEvents.changeRequestMerged, merged);
    return { revision: revision.id, now };
  }

  /**
   * Brings the space's changes into the change request; its merge base becomes the space's
   * revision. Only the change request is locked: the space's revision as read is a valid base
   * even if a merge moves it meanwhile (the change request then shows as outdated again).
   */
  async pull(ctx: RequestContext, ref: ChangeRequestRef): Promise<MergeResult> {
    const { space: current } = await this.access.load(ctx, ref.spaceId, 'edit');
    return this.db.transaction(async (manager) => {
      const cr = await this.lockChangeRequest(manager, current.id, ref);
      const space = await this.spaces.find(current.id, manager);
      if (!space) throw notFound('No matching space found');
      if (mergeBaseOf(cr) === space.revisionId) return { revision: cr.revisionId, result: 'update' as const };
      const [base, proposed, main] = await this.load(manager, mergeBaseOf(cr), cr.revisionId, space.revisionId);
      const { pages, files, reusableContents } = await this.merger.merge(manager, base, proposed, main);
      const revision = await this.revisions.insert(manager, {
        id: newId(),
        spaceId: space.id,
        parents: [proposed.id, main.id],
        pages,
        files,
        reusableContents,
        type: 'update',
        mergedFrom: null,
      });
      await this.changeRequests.update(manager, cr.id, {
        revisionId: revision.id,
        revisionMergedAncestor: main.id,
        updatedAt: this.clock.now(),
      });
      await this.publishRevision(manager, revision, cr.id);
      return { revision: revision.id, result: 'update' as const };
    });
  }

  /** The change request, locked until the transaction ends; one that is merged or archived cannot be merged or updated. */
  private async lockChangeRequest(manager: EntityManager, spaceId: string, ref: ChangeRequestRef): Promise<ChangeRequestEntity> {
    const cr = await this.changeRequests.find(spaceId, ref.changeRequestId, manager, true);
    if (!cr) throw notFound(NO_CHANGE_REQUEST);
    if (cr.status === 'merged') throw badRequest(`changeRequestId: change request #${cr.number} is already merged`);
    if (cr.status === 'archived') throw badRequest(`changeRequestId: change request #${cr.number} is archived`);
    return cr;
  }

  private async checkMergeable(
    ctx: RequestContext,
    manager: EntityManager,
    space: SpaceEntity,
    cr: ChangeRequestEntity,
    organizationRules: unknown,
  ): Promise<void> {
    if (space.editMode === 'locked') throw forbidden('The space is locked: nothing can be merged into it');
    await this.mergeRules.check(ctx, manager, space, cr, organizationRules);
  }

  /**
   * One after another: the queries share the transaction's single connection, and pg does not
   * allow a query on a client that is still running one (a deprecation now, an error in pg 9).
   */
  private async load(manager: EntityManager, ...ids: string[]): Promise<RevisionRow[]> {
    const rows: RevisionRow[] = [];
    for (const id of ids) rows.push((await this.revisions.find(id, manager))!);
    return rows;
  }

  private async publishRevision(manager: EntityManager, revision: RevisionRow, changeRequestId: string): Promise<void> {
    const event: RevisionCreatedEvent = {
      spaceId: revision.spaceId,
      revisionId: revision.id,
      parents: revision.parents,
      changeRequestId,
      at: revision.createdAt.toISOString(),
    };
    await addToOutbox(manager, ContentEvents.revisionCreated, event);
  }
}
