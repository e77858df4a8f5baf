import type { ChangeRequestFilters } from '@bindery/contracts';
import type { CursorKey } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type QueryDeepPartialEntity, type SelectQueryBuilder } from 'typeorm';
import { ChangeRequestEntity } from './change-request.entity';

export interface ChangeRequestWithSpace {
  changeRequest: ChangeRequestEntity;
  spaceRevision: string;
}

@Injectable()
export class ChangeRequestsRepository {
  constructor(private readonly db: DataSource) {}

  /** By id, or by number when the reference is all digits. */
  find(spaceId: string, idOrNumber: string, manager: EntityManager = this.db.manager, lock = false): Promise<ChangeRequestEntity | null> {
    const query = manager.getRepository(ChangeRequestEntity).createQueryBuilder('cr').where('cr.space_id = :spaceId', { spaceId });
    if (/^\d{1,9}$/.test(idOrNumber))
      query.andWhere('(cr.number = :number OR cr.id = :id)', { number: Number(idOrNumber), id: idOrNumber });
    else query.andWhere('cr.id = :id', { id: idOrNumber });
    if (lock) query.setLock('pessimistic_write');
    return query.getOne();
  }

  async insert(manager: EntityManager, cr: ChangeRequestEntity): Promise<void> {
    await manager.getRepository(ChangeRequestEntity).insert(cr as QueryDeepPartialEntity<ChangeRequestEntity>);
  }

  async update(manager: EntityManager, id: string, changes: Partial<ChangeRequestEntity>): Promise<void> {
    await manager.getRepository(ChangeRequestEntity).update({ id }, changes as QueryDeepPartialEntity<ChangeRequestEntity>);
  }

  /** Change requests of a space (or of an organization's live spaces), newest first, filtered. */
  async list(
    scope: { spaceId: string } | { organizationId: string },
    filters: ChangeRequestFilters,
    limit: number,
    after?: CursorKey,
  ): Promise<{ rows: ChangeRequestWithSpace[]; count: number }> {
    const base = this.db
      .getRepository(ChangeRequestEntity)
      .createQueryBuilder('cr')
      .innerJoin('spaces', 's', 's.id = cr.space_id AND s.deleted_at IS NULL');
    if ('spaceId' in scope) base.where('cr.space_id = :spaceId', { spaceId: scope.spaceId });
    else base.where('cr.organization_id = :organizationId', { organizationId: scope.organizationId });
    applyFilters(base, filters);
    const count = await base.clone().getCount();
    const query = base
      .addSelect('s.revision_id', 'space_revision')
      .orderBy('cr.created_at', 'DESC')
      .addOrderBy('cr.id', 'DESC')
      .limit(limit);
    if (after) query.andWhere('(cr.created_at, cr.id) < (:afterAt::timestamptz, :afterId)', { afterAt: after[0], afterId: after[1] });
    const { entities, raw } = await query.getRawAndEntities();
    const revisions = new Map((raw as Array<{ cr_id: string; space_revision: string }>).map((r) => [r.cr_id, r.space_revision]));
    return { rows: entities.map((changeRequest) => ({ changeRequest, spaceRevision: revisions.get(changeRequest.id)! })), count };
  }
}

function applyFilters(query: SelectQueryBuilder<ChangeRequestEntity>, filters: ChangeRequestFilters): void {
  query.andWhere('cr.status = :status', { status: filters.status ?? 'open' });
  if (filters.creator) query.andWhere("cr.created_by->>'id' = :creator", { creator: filters.creator });
  if (filters.contributor) query.andWhere(':contributor = ANY(cr.contributors)', { contributor: filters.contributor });
  // Pending requests only: a request ends when the user reviews or is removed.
  if (filters.requestedReviewer)
    query.andWhere(
      'EXISTS (SELECT 1 FROM change_request_reviewers rr WHERE rr.change_request_id = cr.id AND rr.user_id = :requestedReviewer)',
      { requestedReviewer: filters.requestedReviewer },
    );
}
