import type { CursorKey } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { RequestedReviewerEntity } from './requested-reviewer.entity';

@Injectable()
export class RequestedReviewersRepository {
  constructor(private readonly db: DataSource) {}

  /** A change request's pending review requests, oldest first (keyset on created_at, user_id). */
  async list(changeRequestId: string, limit: number, after?: CursorKey): Promise<{ rows: RequestedReviewerEntity[]; count: number }> {
    const base = this.db
      .getRepository(RequestedReviewerEntity)
      .createQueryBuilder('rr')
      .where('rr.change_request_id = :changeRequestId', { changeRequestId });
    const count = await base.clone().getCount();
    const query = base.orderBy('rr.created_at', 'ASC').addOrderBy('rr.user_id', 'ASC').limit(limit);
    if (after) query.andWhere('(rr.created_at, rr.user_id) > (:afterAt::timestamptz, :afterId)', { afterAt: after[0], afterId: after[1] });
    return { rows: await query.getMany(), count };
  }

  find(manager: EntityManager, changeRequestId: string, userId: string): Promise<RequestedReviewerEntity | null> {
    return manager.getRepository(RequestedReviewerEntity).findOneBy({ changeRequestId, userId });
  }

  /** Asks again when already asked: the request then points at the current revision and time. */
  async upsert(manager: EntityManager, rows: RequestedReviewerEntity[]): Promise<void> {
    await manager
      .getRepository(RequestedReviewerEntity)
      .createQueryBuilder()
      .insert()
      .values(rows)
      .orUpdate(['reviewer', 'requested_by', 'revision_id', 'created_at'], ['change_request_id', 'user_id'])
      .execute();
  }

  /** True when there was a request to remove. */
  async remove(manager: EntityManager, changeRequestId: string, userId: string): Promise<boolean> {
    const result = await manager.getRepository(RequestedReviewerEntity).delete({ changeRequestId, userId });
    return (result.affected ?? 0) > 0;
  }
}
