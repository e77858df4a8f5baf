import type { ChangeRequestRef, RequestContext } from '@bindery/contracts';
import { badRequest, notFound } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { SpaceAction } from '../../access/space-permissions';
import { NO_CHANGE_REQUEST } from '../../store/content-reader';
import { SpaceAccess, type SpaceWithLevel } from '../../store/space-access';
import type { ChangeRequestEntity } from '../../store/change-request.entity';
import { ChangeRequestsRepository } from '../../store/change-requests.repository';

/** Finds the change request a review operation is about, after checking the caller on its space. */
@Injectable()
export class ChangeRequestLookup {
  constructor(
    private readonly access: SpaceAccess,
    private readonly changeRequests: ChangeRequestsRepository,
  ) {}

  /** The space (with the caller's level on it) and the change request; 404 for either, 403 below `action`. */
  async load(ctx: RequestContext, ref: ChangeRequestRef, action: SpaceAction): Promise<SpaceWithLevel & { cr: ChangeRequestEntity }> {
    const found = await this.access.load(ctx, ref.spaceId, action);
    const cr = await this.changeRequests.find(found.space.id, ref.changeRequestId);
    if (!cr) throw notFound(NO_CHANGE_REQUEST);
    return { ...found, cr };
  }

  /** The change request locked for the transaction; it must still be open to review (draft or open). */
  async lockReviewable(manager: EntityManager, spaceId: string, changeRequestId: string): Promise<ChangeRequestEntity> {
    const cr = await this.changeRequests.find(spaceId, changeRequestId, manager, true);
    if (!cr) throw notFound(NO_CHANGE_REQUEST);
    if (cr.status === 'merged' || cr.status === 'archived')
      throw badRequest(`changeRequestId: change request #${cr.number} is ${cr.status} and can no longer be reviewed`);
    return cr;
  }
}
