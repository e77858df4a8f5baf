import {
  type ChangeRequestMergedEvent,
  type ChangeRequestRef,
  ContentEvents,
  type MergeResult,
  type RequestContext,
  type RevisionCreatedEvent,
  type User,
} from '@bindery/contracts';
import { addToOutbox, badRequest, forbidden, newId, notFound, WriteBatch, CurrentUsers } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../clock/clock';
import { NO_CHANGE_REQUEST } from '../store/content-reader';
import { RevisionMerger } from '../store/revision-merger';
import { type RevisionRow, RevisionsRepository } from '../store/revisions.repository';
import { SpaceAccess } from '../store/space-access';
import { lockedSpaceOf, SpacesRepository } from '../store/spaces.repository';
import { holdContentWriteLock } from '../store/content-write-lock';
import type { SpaceEntity } from '../store/space.entity';
import { type ChangeRequestEntity, mergeBaseOf } from '../store/change-request.entity';
import { ChangeRequestsRepository } from '../store/change-requests.repository';
import { MergeRulesGate } from './reviews/merge-rules.gate';
import { searchIndexJob } from '../store/search-index-queue';

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
 * commit. When another merge moved it first, the attempt's transaction is rolled back and the
 * merge starts again, in a new one, from the new revision. Merges into one space still take turns
 * on that row; they no longer hold it while merging.
 */
@Injectable()
export class MergeService {
  constructor(
    private readonly changeRequests: ChangeRequestsRepository,
    private readonly spaces: SpacesRepository,
    private readonly revisions: RevisionsRepository,
    private readonly merger: RevisionMerger,
    private readonly access: SpaceAccess,
    private readonly currentUsers: CurrentUsers,
    private readonly clock: Clock,
    private readonly db: DataSource,
    private readonly mergeRules: MergeRulesGate,
  ) {}

  async merge(ctx: RequestContext, ref: ChangeRequestRef): Promise<MergeResult> {
    const { space: current } = await this.access.load(ctx, ref.spaceId, 'edit');
    const mergedBy = await this.currentUsers.of(ctx);
    const organizationRules = await this.mergeRules.organizationRulesFor(ctx, current);
    let merged: RevisionRow | undefined;
    for (let attempt = 1; !merged; attempt++) {
      merged = await this.db
        .transaction(async (manager) => {
          const cr = await this.lockChangeRequest(manager, current.id, ref);
          await holdContentWriteLock(manager);
          if (attempt > OPTIMISTIC_ATTEMPTS) return this.mergeLocked(ctx, manager, current.id, cr, mergedBy, organizationRules);
          // The first attempt merges onto the space as `access.load` read it a moment ago: the
          // compare-and-set below catches a merge committed since, and the next attempt reads again.
          const space = attempt === 1 ? current : await this.spaces.find(current.id, manager);
          if (!space) throw notFound('No matching space found');
          // Checked before merging, so a locked space or unmet rules answer before any conflict does.
          await this.checkMergeable(ctx, manager, space, cr, organizationRules);
          const writes = new WriteBatch();
          const { revision, now } = await this.writeMerge(manager, writes, space, cr, mergedBy);
          // Last in the batch's one statement: the space row stays locked only from there to the commit.
          this.spaces.moveRevisionIn(writes, space.id, space.revisionId, revision.id, now);
          const locked = lockedSpaceOf(await writes.run(manager));
          // Another merge moved the space first: the whole attempt is rolled back (no savepoint to
          // pay for on every merge; a conflict costs a new transaction instead) and the next one
          // merges onto its revision.
          if (!locked) throw new MovedMeanwhile();
          // The space's mode or rules may have changed between the read and the lock.
          await this.checkMergeable(ctx, manager, { ...space, ...locked }, cr, organizationRules);
          return revision;
        })
        .catch((error: unknown) => {
          if (error instanceof MovedMeanwhile) return undefined;
          throw error;
        });
    }
    // Committed: the next merge into the space merges onto it.
    this.revisions.remember(merged);
    return { revision: merged.id, result: 'merge' as const };
  }

  /** The merge with the space row locked from the start (after optimistic attempts lost to other merges). */
  private async mergeLocked(
    ctx: RequestContext,
    manager: EntityManager,
    spaceId: string,
    cr: ChangeRequestEntity,
    mergedBy: User,
    organizationRules: unknown,
  ): Promise<RevisionRow> {
    const space = await this.spaces.findForUpdate(manager, spaceId);
    if (!space) throw notFound('No matching space found');
    await this.checkMergeable(ctx, manager, space, cr, organizationRules);
    const writes = new WriteBatch();
    const { revision, now } = await this.writeMerge(manager, writes, space, cr, mergedBy);
    await writes.run(manager);
    await this.spaces.update(manager, space.id, { revisionId: revision.id, updatedAt: now });
    return revision;
  }

  /**
   * The merge of the change request into the space's revision as read, added to `writes`: the
   * merged revision, the change request marked merged, the search indexing job and the events.
   * Everything but moving the space's revision, which the caller does.
   */
  private async writeMerge(
    manager: EntityManager,
    writes: WriteBatch,
    space: SpaceEntity,
    cr: ChangeRequestEntity,
    mergedBy: User,
  ): Promise<{ revision: RevisionRow; now: Date }> {
    const [base, main, proposed] = await this.revisions.findMany([mergeBaseOf(cr), space.revisionId, cr.revisionId], manager);
    const { pages, files, reusableContents } = await this.merger.merge(manager, base, main, proposed, writes);
    const now = this.clock.now();
    const revision = this.revisions.insertIn(manager, writes, {
      id: newId(),
      spaceId: space.id,
      parents: [main.id, proposed.id],
      pages,
      files,
      reusableContents,
      type: 'merge',
      mergedFrom: cr.id,
      createdAt: now,
    });
    // The search index follows main content asynchronously (a durable job, queued with the merge).
    const job = searchIndexJob({ id: space.id, revisionId: revision.id, language: space.language });
    writes.coalescedJob(job.type, job.payload, { jobId: job.jobId });
    this.changeRequests.updateIn(writes, cr.id, {
      status: 'merged',
      revisionMerged: revision.id,
      mergedBy,
      mergedAt: now,
      updatedAt: now,
    });
    writes.event(ContentEvents.revisionCreated, revisionCreated(revision, cr.id));
    const merged: ChangeRequestMergedEvent = {
      spaceId: space.id,
      changeRequestId: cr.id,
      revisionId: revision.id,
      at: now.toISOString(),
    };
    writes.event(ContentEvents.changeRequestMerged, merged);
    return { revision, now };
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
      const [base, proposed, main] = await this.revisions.findMany([mergeBaseOf(cr), cr.revisionId, space.revisionId], manager);
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
    // With the content write lock, taken in the same statement.
    const cr = await this.changeRequests.findForWrite(manager, spaceId, ref.changeRequestId);
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

  private async publishRevision(manager: EntityManager, revision: RevisionRow, changeRequestId: string): Promise<void> {
    await addToOutbox(manager, ContentEvents.revisionCreated, revisionCreated(revision, changeRequestId));
  }
}

function revisionCreated(revision: RevisionRow, changeRequestId: string): RevisionCreatedEvent {
  return {
    spaceId: revision.spaceId,
    revisionId: revision.id,
    parents: revision.parents,
    changeRequestId,
    at: revision.createdAt.toISOString(),
  };
}

/** Thrown to roll an optimistic merge attempt back when another merge moved the space's revision first. */
class MovedMeanwhile extends Error {}
