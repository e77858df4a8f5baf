import type { RequestContext } from '@bindery/contracts';
import { callerId, forbidden } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { IdentityLookups } from '../../access/identity-lookups';
import type { SpaceEntity } from '../../store/space.entity';
import { type ChangeRequestEntity, mergeBaseOf } from '../../store/change-request.entity';
import { evaluateMergeRules, inheritsMergeRules, needsLockedChangeRequest, resolveMergeRules } from './merge-rules';
import { isOutdated } from './review.entity';
import { ReviewsRepository } from './reviews.repository';

/** Applies the space's merge rules (or its organization's) to a merge about to be written. */
@Injectable()
export class MergeRulesGate {
  constructor(
    private readonly reviews: ReviewsRepository,
    private readonly identity: IdentityLookups,
  ) {}

  /** The organization's rules when the space inherits them, asked before any row is locked. */
  async organizationRulesFor(ctx: RequestContext, space: SpaceEntity): Promise<unknown> {
    return inheritsMergeRules(space.mergeRules) ? this.identity.organizationMergeRules(ctx, space.organizationId) : undefined;
  }

  /**
   * True when the rules that apply are judged on facts that only hold still while the change
   * request is locked (its reviews, subject, description: `needsLockedChangeRequest`).
   * `organizationRules` as `organizationRulesFor` answered for this space.
   */
  needsLockedChangeRequest(space: SpaceEntity, organizationRules: unknown): boolean {
    return needsLockedChangeRequest(resolveMergeRules(space.mergeRules, organizationRules));
  }

  /**
   * Throws 403 naming every unmet rule. Rules on reviews, subject or description are checked
   * with the change request locked (reviews lock it too), so no review or edit slips in between
   * the check and the merge; the others are checked on facts the merge's statement guards.
   */
  async check(
    ctx: RequestContext,
    manager: EntityManager,
    space: SpaceEntity,
    cr: ChangeRequestEntity,
    organizationRules: unknown,
  ): Promise<void> {
    // The space may have switched to `inherit` since the rules were fetched.
    const inherited =
      organizationRules === undefined && inheritsMergeRules(space.mergeRules)
        ? await this.identity.organizationMergeRules(ctx, space.organizationId)
        : organizationRules;
    const config = resolveMergeRules(space.mergeRules, inherited);
    if (config.type === 'none') return;
    const standing = (await this.reviews.standing(manager, cr.id)).filter((r) => !isOutdated(r, cr.revisionId));
    const verdict = evaluateMergeRules(config, {
      actorId: callerId(ctx),
      authorId: cr.createdBy.id,
      subject: cr.subject,
      hasDescription: (cr.description?.nodes.length ?? 0) > 0,
      upToDate: mergeBaseOf(cr) === space.revisionId,
      reviews: standing.map((r) => ({ reviewerId: r.reviewerId, status: r.status })),
    });
    if (!verdict.allowed)
      throw forbidden(`Change request #${cr.number} cannot be merged, its merge rules are not met: ${verdict.failures.join('; ')}`);
  }
}
