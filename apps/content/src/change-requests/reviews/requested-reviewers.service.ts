import {
  type ChangeRequestReviewersRequestedEvent,
  ContentEvents,
  type List,
  MAX_REVIEWERS_PER_REQUEST,
  type ChangeRequestRequestedReviewer,
  type RequestContext,
  type RequestedReviewerRef,
  type RequestedReviewerRemoveResult,
  type RequestedReviewersListInput,
  type RequestReviewersInput,
  type RequestReviewersResult,
  roleAtLeast,
  type User,
} from '@bindery/contracts';
import { addToOutbox, badRequest, keysetPage, toList, CurrentUsers } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IdentityLookups } from '../../access/identity-lookups';
import { Clock } from '../../clock/clock';
import { SpaceAccess } from '../../store/space-access';
import type { SpaceEntity } from '../../store/space.entity';
import type { ChangeRequestEntity } from '../../store/change-request.entity';
import { ChangeRequestsRepository } from '../../store/change-requests.repository';
import { ChangeRequestLookup } from './change-request-lookup';
import type { RequestedReviewerEntity } from './requested-reviewer.entity';
import { RequestedReviewersRepository } from './requested-reviewers.repository';
import { toRequestedReviewer } from './review.mapper';
import { ReviewsRepository } from './reviews.repository';

/** Asking users to review a change request, and withdrawing the request. */
@Injectable()
export class RequestedReviewersService {
  constructor(
    private readonly lookup: ChangeRequestLookup,
    private readonly requested: RequestedReviewersRepository,
    private readonly reviews: ReviewsRepository,
    private readonly changeRequests: ChangeRequestsRepository,
    private readonly identity: IdentityLookups,
    private readonly currentUsers: CurrentUsers,
    private readonly spaceAccess: SpaceAccess,
    private readonly clock: Clock,
    private readonly db: DataSource,
  ) {}

  async list(ctx: RequestContext, input: RequestedReviewersListInput): Promise<List<ChangeRequestRequestedReviewer>> {
    const { cr } = await this.lookup.load(ctx, input, 'view');
    const { limit, take, after } = keysetPage(input);
    const { rows, count } = await this.requested.list(cr.id, take, after);
    return toList(rows, limit, count, (r) => [r.createdAt.toISOString(), r.userId], toRequestedReviewer);
  }

  /**
   * Asks members with review rights to review. Asking someone again renews the request and sets
   * their earlier review aside. A draft moves to open: asking for reviews is how it is put up.
   */
  async request(ctx: RequestContext, input: RequestReviewersInput): Promise<RequestReviewersResult> {
    const { space, cr: found } = await this.lookup.load(ctx, input, 'edit');
    const userIds = [...new Set(input.users)];
    if (userIds.length === 0 || userIds.length > MAX_REVIEWERS_PER_REQUEST)
      throw badRequest(`users: must hold 1 to ${MAX_REVIEWERS_PER_REQUEST} user ids`);
    if (userIds.includes(found.createdBy.id))
      throw badRequest(`users: ${found.createdBy.id} is the author of change request #${found.number} and cannot review it`);
    const reviewers = await this.reviewersAmong(ctx, space, userIds);
    const requestedBy = await this.currentUsers.of(ctx);
    const rows = await this.db.transaction(async (manager) => {
      const cr = await this.lookup.lockReviewable(manager, space.id, found.id);
      const now = this.clock.now();
      const rows: RequestedReviewerEntity[] = reviewers.map((reviewer) => ({
        changeRequestId: cr.id,
        userId: reviewer.id,
        reviewer,
        requestedBy,
        revisionId: cr.revisionId,
        createdAt: now,
      }));
      await this.requested.upsert(manager, rows);
      await this.reviews.supersede(manager, cr.id, userIds, now);
      const changes = crChanges(cr, input, now);
      if (changes) await this.changeRequests.update(manager, cr.id, changes);
      const event: ChangeRequestReviewersRequestedEvent = {
        spaceId: space.id,
        changeRequestId: cr.id,
        requestedBy: requestedBy.id,
        userIds,
        revisionId: cr.revisionId,
        at: now.toISOString(),
      };
      await addToOutbox(manager, ContentEvents.changeRequestReviewersRequested, event);
      return rows;
    });
    return { users: rows.map(toRequestedReviewer) };
  }

  async remove(ctx: RequestContext, input: RequestedReviewerRef): Promise<RequestedReviewerRemoveResult> {
    const { cr } = await this.lookup.load(ctx, input, 'edit');
    const removed = await this.db.transaction((manager) => this.requested.remove(manager, cr.id, input.userId));
    return { removed };
  }

  /**
   * The users as identity shows them; 400 naming those who are not members or whose level on the
   * space (their role capped by the space's default levels, see contentLevel) is below review.
   */
  private async reviewersAmong(ctx: RequestContext, space: SpaceEntity, userIds: string[]): Promise<User[]> {
    const members = await this.identity.membersAmong(ctx, space.organizationId, userIds);
    const byId = new Map(members.map((m) => [m.user.id, m]));
    const strangers = userIds.filter((id) => !byId.has(id));
    if (strangers.length > 0) throw badRequest(`users: not members of the space's organization (or unknown): ${strangers.join(', ')}`);
    const levels = await this.spaceAccess.levelsFor(
      space,
      members.map((m) => m.role),
    );
    const unable = members.flatMap((m, i) =>
      roleAtLeast(levels[i], 'review') ? [] : [`${m.user.id} (${levels[i] ?? (m.role === null ? 'guest' : 'no access')})`],
    );
    if (unable.length > 0) throw badRequest(`users: reviewing needs the "review" role or higher: ${unable.join(', ')}`);
    return userIds.map((id) => byId.get(id)!.user);
  }
}

/** Subject and description given with the request, and draft → open. */
function crChanges(cr: ChangeRequestEntity, input: RequestReviewersInput, now: Date): Partial<ChangeRequestEntity> | undefined {
  const changes: Partial<ChangeRequestEntity> = {};
  if (input.subject !== undefined) changes.subject = input.subject;
  if (input.description !== undefined) changes.description = input.description;
  if (cr.status === 'draft') changes.status = 'open';
  return Object.keys(changes).length === 0 ? undefined : { ...changes, updatedAt: now };
}
