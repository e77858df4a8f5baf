import {
  type ChangeRequestMergedEvent,
  type ChangeRequestRef,
  ContentEvents,
  type MergeResult,
  type RequestContext,
  type RevisionCreatedEvent,
  type User,
} from '@bindery/contracts';
import { addToOutbox, badRequest, forbidden, isAppError, newId, notFound, WriteBatch, CurrentUsers } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../clock/clock';
import { NO_CHANGE_REQUEST } from '../store/content-reader';
import { RevisionMerger } from '../store/revision-merger';
import { type RevisionRow, RevisionsRepository } from '../store/revisions.repository';
import { SpaceAccess } from '../store/space-access';
import { type JudgedSpace, RememberedSpaces } from '../store/remembered-spaces';
import { isSpaceChangedMeanwhile, SpacesRepository } from '../store/spaces.repository';
import { heldContentWriteLock } from '../store/content-write-lock';
import type { SpaceEntity } from '../store/space.entity';
import { type ChangeRequestEntity, mergeBaseOf } from '../store/change-request.entity';
import { ChangeRequestsRepository, isChangedMeanwhile, type SpaceMergeState } from '../store/change-requests.repository';
import { MergeRulesGate } from './reviews/merge-rules.gate';
import { searchIndexJob } from '../store/search-index-queue';
import { type MergeEntry, SpaceMergeTurns } from './space-merge-turns';
import { InheritedRulesHints } from './inherited-rules-hints';
import { inheritsMergeRules } from './reviews/merge-rules';
import { IdentityLookups } from '../access/identity-lookups';

/**
 * Before a merge gives up computing without locks and computes with the change request and the
 * space row locked: each failed attempt means another write to either committed meanwhile, so
 * under steady contention the locked path guarantees progress.
 */
const OPTIMISTIC_ATTEMPTS = 3;

/**
 * Merging a change request into its space, and updating it from the space. A merge reads the
 * change request, the space and the three revisions, and computes the merged revision, without
 * holding a connection or a lock; it then writes everything (revision, change request marked
 * merged, space moved, search job, events) in ONE statement whose guards are compare-and-sets:
 * the change request still at the revision merged and neither merged nor archived, the space
 * still at the revision merged onto, not locked, with the same merge rules. When another write
 * changed either meanwhile, nothing is written and the merge starts again from fresh reads, which
 * answer a change request merged or archived meanwhile, a locked space or new rules as a first
 * attempt would. Rules judged on reviews, subject or description need the change request locked
 * while they are judged (a review locks it, changing no column a guard sees): that statement then
 * runs in a short transaction after the lock and the check, the merge still computed before it.
 *
 * Merges into one space take turns inside the process (`SpaceMergeTurns`), so within a process
 * they follow each other instead of racing, losing the guard and computing again; the guards still
 * decide against other processes and writers. A merge reads before its turn, all at once (the
 * space, the change request unless this process last wrote it, the caller, the organization's
 * rules: `readBeforeTurn`) and, in its turn, merges onto the revision the merges before it
 * committed (the turns remember it): a turn holds one statement, the write. A merge into a space
 * this process remembers (`RememberedSpaces`, `mergeAsRemembered`) does not read the space at all:
 * its access is judged on the remembered row and its statement applies only while the space is
 * still as judged; else it merges as above (`mergeLoaded`).
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
    private readonly identity: IdentityLookups,
    private readonly rememberedSpaces: RememberedSpaces,
  ) {}

  /** Merges into one space take turns in this process (`SpaceMergeTurns`). */
  private readonly turns = new SpaceMergeTurns();
  /** Which organization's rules to ask for beside the space's read (`readBeforeTurn`). */
  private readonly inheritedRules = new InheritedRulesHints();

  async merge(ctx: RequestContext, ref: ChangeRequestRef): Promise<MergeResult> {
    const merged = (await this.mergeAsRemembered(ctx, ref)) ?? (await this.mergeLoaded(ctx, ref));
    // Merged: no edit starts from the change request as this process last wrote it any more.
    this.changeRequests.forgetWritten(merged.changeRequestId);
    return { revision: merged.revision.id, result: 'merge' as const };
  }

  /**
   * The merge without reading its space: the space as this process last loaded it for a change
   * request's write, at the revision its merges here moved it to since (`RememberedSpaces`),
   * judges the caller's level and the locked check, and the merge's one statement applies only
   * while the space is still as judged (`spaceAsJudgedSql`, in the change request's guard) and
   * still at that revision with those rules (the space's guard): before the turn only identity's
   * answer on the organization's rules is awaited (asked as soon as the request arrives), not a
   * read of the space beside it. Undefined, nothing written, when the space is not remembered or
   * not judged so, any of those reads failed, the merge was refused on the space as remembered
   * (locked, rules, conflicts: the caller may no longer see the space as it is now), or the
   * statement found the space or the change request changed: the caller then merges as before
   * (`mergeLoaded`), which answers as both are now.
   */
  private async mergeAsRemembered(ctx: RequestContext, ref: ChangeRequestRef): Promise<Merged | undefined> {
    // Entered before the space is taken from memory: the turn then tells what merges of this process committed after it.
    const entry = this.turns.enter(ref.spaceId);
    try {
      const space = this.rememberedSpaces.peek(ref.spaceId);
      if (!space) return undefined;
      const remembered = this.changeRequests.lastWritten(ref.spaceId, ref.changeRequestId);
      const reads = Promise.all([
        remembered && isMergeable(remembered) ? remembered : this.changeRequests.find(ref.spaceId, ref.changeRequestId),
        this.currentUsers.of(ctx),
        inheritsMergeRules(space.mergeRules) ? this.identity.organizationMergeRules(ctx, space.organizationId) : undefined,
      ]);
      // Not answered here: a failure of these (a missing change request too) is answered by `mergeLoaded`, after its access check.
      const read = reads.catch(() => undefined);
      if (!(await this.rememberedSpaces.allows(ctx, space, 'edit'))) return undefined;
      const [cr, mergedBy, organizationRules] = (await read) ?? [];
      if (!cr || !isMergeable(cr) || !mergedBy) return undefined;
      this.inheritedRules.note(space.id, inheritsMergeRules(space.mergeRules) ? space.organizationId : null);
      return await this.turns.run(space.id, async () => {
        const committed = this.turns.committedSince(entry);
        const onto = committed ? { ...space, revisionId: committed } : space;
        let revision: RevisionRow | undefined;
        try {
          revision = await this.mergeUnlessChangedMeanwhile(ctx, onto, cr, mergedBy, organizationRules, space);
        } catch (error) {
          // A refusal judged on the space as remembered: `mergeLoaded` answers as the space is now.
          if (isAppError(error) && error.code < 500) return undefined;
          throw error;
        }
        if (revision) this.committedInTurn(entry, revision);
        // The space or the change request changed since: `mergeLoaded` reads the space next (and remembers it again if it may).
        else this.rememberedSpaces.forget(space.id);
        return revision && { revision, changeRequestId: cr.id };
      });
    } finally {
      this.turns.leave(entry);
    }
  }

  /** The merge with the space read (and the caller's access judged) as it is now: what every merge did before `mergeAsRemembered`. */
  private async mergeLoaded(ctx: RequestContext, ref: ChangeRequestRef): Promise<Merged> {
    // Entered before the first read (the access check's read of the space, which the merge starts
    // from), so that the turn can tell what merges of this process committed after it.
    const entry = this.turns.enter(ref.spaceId);
    try {
      const { space, cr, mergedBy, organizationRules } = await this.readBeforeTurn(ctx, ref);
      const revision = await this.turns.run(space.id, async () => {
        // The merges of this process that committed since the read moved the space: this one merges onto the latest.
        const committed = this.turns.committedSince(entry);
        const onto = { cr, space: committed ? { ...space, revisionId: committed } : space };
        const merged = await this.mergeInTurn(ctx, space, ref, onto, mergedBy, organizationRules);
        this.committedInTurn(entry, merged);
        return merged;
      });
      return { revision, changeRequestId: cr.id };
    } finally {
      this.turns.leave(entry);
    }
  }

  /** Committed: the next merge into the space (the next turn, the next merge as remembered) merges onto it. */
  private committedInTurn(entry: MergeEntry, revision: RevisionRow): void {
    this.revisions.remember(revision);
    this.turns.committed(entry, revision.id);
    this.rememberedSpaces.moved(revision.spaceId, revision.id);
  }

  /**
   * What a merge reads before its turn, all at once (the turn then holds only the computing and the
   * write, not these waits): the space as it is now (the access check's read), the change request,
   * the caller, and the organization's rules when the space inherited them at its last merge here
   * (`InheritedRulesHints`). The change request is the one this process last wrote (opened or
   * edited) when it did, else read: either way only where the first attempt starts from, its
   * statement's guard checking that the row still has that revision and is still open (a stale one
   * costs an attempt, which reads it). The access check answers first: a caller who may not merge
   * learns nothing of what was read beside it.
   */
  private async readBeforeTurn(
    ctx: RequestContext,
    ref: ChangeRequestRef,
  ): Promise<{ space: SpaceEntity; cr: ChangeRequestEntity; mergedBy: User; organizationRules: unknown }> {
    const remembered = this.changeRequests.lastWritten(ref.spaceId, ref.changeRequestId);
    const early = this.askInheritedRulesEarly(ctx, ref.spaceId);
    const loading = this.access.load(ctx, ref.spaceId, 'edit');
    const others = Promise.all([
      remembered && isMergeable(remembered) ? remembered : this.changeRequests.find(ref.spaceId, ref.changeRequestId),
      this.currentUsers.of(ctx),
    ]);
    // Awaited after the access check: a failure of these is answered only if the check passed.
    others.catch(() => undefined);
    const { space } = await loading;
    // The next edit of the space starts from it without reading it again (`RememberedSpaces`).
    this.rememberedSpaces.remember(space);
    const [cr, mergedBy] = await others;
    return { space, cr: checkOpen(cr), mergedBy, organizationRules: await this.organizationRulesFor(ctx, space, early) };
  }

  /**
   * The organization's rules, asked now (after the request arrived), for the organization the space
   * inherited them from at its last merge here; undefined when there is none or identity failed.
   */
  private askInheritedRulesEarly(ctx: RequestContext, spaceId: string): Promise<AskedRules | undefined> | undefined {
    const organizationId = this.inheritedRules.organizationOf(spaceId);
    if (!organizationId) return undefined;
    return this.identity.organizationMergeRules(ctx, organizationId).then(
      (rules) => ({ organizationId, rules }),
      // Asked again below if the space as read inherits: that answer (or failure) is the one that counts.
      () => undefined,
    );
  }

  /** The organization's rules for the space as read (undefined when it has its own): the early answer when it asked the right organization. */
  private async organizationRulesFor(
    ctx: RequestContext,
    space: SpaceEntity,
    early: Promise<AskedRules | undefined> | undefined,
  ): Promise<unknown> {
    const inherits = inheritsMergeRules(space.mergeRules);
    this.inheritedRules.note(space.id, inherits ? space.organizationId : null);
    if (!inherits) return undefined;
    const asked = await early;
    return asked?.organizationId === space.organizationId ? asked.rules : this.mergeRules.organizationRulesFor(ctx, space);
  }

  /**
   * The merge, once the merges into the space before it in this process are done: optimistic
   * attempts, the first on the change request and the space as read before the turn (the space at
   * the revision the turn before wrote), the others on fresh reads; then the locked path.
   */
  private async mergeInTurn(
    ctx: RequestContext,
    loaded: SpaceEntity,
    ref: ChangeRequestRef,
    first: MergeState,
    mergedBy: User,
    organizationRules: unknown,
  ): Promise<RevisionRow> {
    let state = first;
    for (let attempt = 1; attempt <= OPTIMISTIC_ATTEMPTS; attempt++) {
      if (attempt > 1) {
        // The space or the change request changed since they were read: read both as they are now.
        const found = await this.changeRequests.findWithSpace(loaded.id, ref.changeRequestId);
        state = mergeState(loaded, checkOpen(found?.changeRequest ?? null), found?.space);
      }
      const merged = await this.mergeUnlessChangedMeanwhile(ctx, state.space, state.cr, mergedBy, organizationRules);
      if (merged) return merged;
    }
    return this.db.transaction(async (manager) => {
      const cr = await this.lockChangeRequest(manager, loaded.id, ref);
      return this.mergeLocked(ctx, manager, loaded.id, cr, mergedBy, organizationRules);
    });
  }

  /**
   * One optimistic attempt: the merge computed from the rows as read, written as one guarded
   * statement. Undefined when the change request or the space changed since they were read (with
   * `judgedSpace`, since the remembered row the caller's access was judged on).
   */
  private async mergeUnlessChangedMeanwhile(
    ctx: RequestContext,
    space: SpaceEntity,
    cr: ChangeRequestEntity,
    mergedBy: User,
    organizationRules: unknown,
    judgedSpace?: JudgedSpace,
  ): Promise<RevisionRow | undefined> {
    const judgedLocked = this.mergeRules.needsLockedChangeRequest(space, organizationRules);
    // Checked before merging, so a locked space or unmet rules answer before any conflict does.
    if (judgedLocked) checkNotLocked(space);
    else await this.checkMergeable(ctx, this.db.manager, space, cr, organizationRules);
    // No transaction yet: reads take a pooled connection each, and the batch is only SQL until it
    // runs. Each write of the statement that counts on a stored row takes the collector's lock
    // itself (`CONTENT_WRITE_LOCK_CONDITION`), held until the statement commits.
    const reader = this.db.createEntityManager();
    heldContentWriteLock(reader);
    const writes = new WriteBatch();
    const { revision, now } = await this.writeMerge(reader, writes, space, cr);
    // The guards, change request first: the order every writer of both locks them in.
    this.changeRequests.updateUnlessChangedIn(writes, cr.id, cr.revisionId, mergedChanges(revision, mergedBy, now), judgedSpace);
    this.spaces.moveRevisionUnlessChangedIn(writes, space, revision.id, now);
    try {
      if (!judgedLocked) await writes.run(this.db.manager);
      else
        await this.db.transaction(async (manager) => {
          const locked = await this.lockChangeRequest(manager, space.id, { spaceId: space.id, changeRequestId: cr.id });
          await this.mergeRules.check(ctx, manager, space, locked, organizationRules);
          await writes.run(manager);
        });
      return revision;
    } catch (error) {
      if (isChangedMeanwhile(error) || isSpaceChangedMeanwhile(error)) return undefined;
      throw error;
    }
  }

  /** The merge with the change request and the space row locked from the start (after optimistic attempts lost). */
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
    const { revision, now } = await this.writeMerge(manager, writes, space, cr);
    this.changeRequests.updateIn(writes, cr.id, mergedChanges(revision, mergedBy, now));
    await writes.run(manager);
    await this.spaces.update(manager, space.id, { revisionId: revision.id, updatedAt: now });
    return revision;
  }

  /**
   * The merge of the change request into the space's revision as read, added to `writes`: the
   * merged revision, the search indexing job and the events. Everything but marking the change
   * request merged and moving the space's revision, which the caller does (guarded or not).
   */
  private async writeMerge(
    manager: EntityManager,
    writes: WriteBatch,
    space: SpaceEntity,
    cr: ChangeRequestEntity,
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
    return checkOpen(await this.changeRequests.findForWrite(manager, spaceId, ref.changeRequestId));
  }

  private async checkMergeable(
    ctx: RequestContext,
    manager: EntityManager,
    space: SpaceEntity,
    cr: ChangeRequestEntity,
    organizationRules: unknown,
  ): Promise<void> {
    checkNotLocked(space);
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

/** A change request that is merged or archived cannot be merged or updated: 404 or 400, else the change request. */
function checkOpen(cr: ChangeRequestEntity | null): ChangeRequestEntity {
  if (!cr) throw notFound(NO_CHANGE_REQUEST);
  if (cr.status === 'merged') throw badRequest(`changeRequestId: change request #${cr.number} is already merged`);
  if (cr.status === 'archived') throw badRequest(`changeRequestId: change request #${cr.number} is archived`);
  return cr;
}

/** Not merged nor archived: what a merge may start from without reading the change request. */
function isMergeable(cr: ChangeRequestEntity): boolean {
  return cr.status !== 'merged' && cr.status !== 'archived';
}

function checkNotLocked(space: SpaceEntity): void {
  if (space.editMode === 'locked') throw forbidden('The space is locked: nothing can be merged into it');
}

/** The organization's rules as identity answered them, and which organization it was asked about. */
interface AskedRules {
  organizationId: string;
  rules: unknown;
}

/** A merge committed: its revision, and the change request's id (the request may have named it by number). */
interface Merged {
  revision: RevisionRow;
  changeRequestId: string;
}

/** The change request and its space as one attempt of a merge merges them. */
interface MergeState {
  cr: ChangeRequestEntity;
  space: SpaceEntity;
}

/** The space as the access check loaded it, with the columns a merge decides on as read with the change request. */
function mergeState(loaded: SpaceEntity, cr: ChangeRequestEntity, space: SpaceMergeState | undefined): MergeState {
  return { cr, space: { ...loaded, ...space } };
}

/** The change request's columns a merge sets. */
function mergedChanges(revision: RevisionRow, mergedBy: User, now: Date) {
  return { status: 'merged' as const, revisionMerged: revision.id, mergedBy, mergedAt: now, updatedAt: now };
}
