import type { CursorKey } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type QueryDeepPartialEntity } from 'typeorm';
import { ReviewEntity } from './review.entity';

export interface ReviewListFilter {
  /** Keep only outdated (true) or standing (false) reviews, judged against this revision. */
  outdated?: { value: boolean; changeRequestRevision: string };
}

@Injectable()
export class ReviewsRepository {
  constructor(private readonly db: DataSource) {}

  /** A change request's reviews, newest first (keyset on created_at, id). */
  async list(
    changeRequestId: string,
    filter: ReviewListFilter,
    limit: number,
    after?: CursorKey,
  ): Promise<{ rows: ReviewEntity[]; count: number }> {
    const base = this.db
      .getRepository(ReviewEntity)
      .createQueryBuilder('r')
      .where('r.change_request_id = :changeRequestId', { changeRequestId });
    if (filter.outdated) {
      // The same test as isOutdated, in SQL so pages and counts agree with it.
      base.andWhere('(r.superseded OR r.revision_id <> :revision) = :outdated', {
        revision: filter.outdated.changeRequestRevision,
        outdated: filter.outdated.value,
      });
    }
    const count = await base.clone().getCount();
    const query = base.orderBy('r.created_at', 'DESC').addOrderBy('r.id', 'DESC').limit(limit);
    if (after) query.andWhere('(r.created_at, r.id) < (:afterAt::timestamptz, :afterId)', { afterAt: after[0], afterId: after[1] });
    return { rows: await query.getMany(), count };
  }

  find(changeRequestId: string, reviewId: string): Promise<ReviewEntity | null> {
    return this.db.getRepository(ReviewEntity).findOneBy({ changeRequestId, id: reviewId });
  }

  /** Reviews not superseded by a later review or request of the same user (one per reviewer). */
  standing(manager: EntityManager, changeRequestId: string): Promise<ReviewEntity[]> {
    return manager.getRepository(ReviewEntity).findBy({ changeRequestId, superseded: false });
  }

  async insert(manager: EntityManager, review: ReviewEntity): Promise<void> {
    await manager.getRepository(ReviewEntity).insert(review as QueryDeepPartialEntity<ReviewEntity>);
  }

  /** Marks the users' standing reviews superseded (they reviewed again, or were asked again). */
  async supersede(manager: EntityManager, changeRequestId: string, reviewerIds: string[], at: Date): Promise<void> {
    if (reviewerIds.length === 0) return;
    await manager
      .getRepository(ReviewEntity)
      .createQueryBuilder()
      .update()
      .set({ superseded: true, updatedAt: at })
      .where('change_request_id = :changeRequestId AND reviewer_id = ANY(:reviewerIds) AND NOT superseded', {
        changeRequestId,
        reviewerIds,
      })
      .execute();
  }
}
