import type { DefaultLevel } from '@bindery/contracts';
import type { CursorKey } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type QueryDeepPartialEntity } from 'typeorm';
import { lastPosition } from './sibling-positions';
import { type SpaceCounters, SpaceEntity } from './space.entity';

const COUNTERS_SQL = `SELECT space_id,
  count(*)::int AS total,
  count(*) FILTER (WHERE status = 'open')::int AS open,
  count(*) FILTER (WHERE status = 'draft')::int AS draft
  FROM change_requests WHERE space_id = ANY($1) GROUP BY space_id`;

@Injectable()
export class SpacesRepository {
  constructor(private readonly db: DataSource) {}

  /** A space, deleted or not; null when unknown or already purged. */
  find(id: string, manager: EntityManager = this.db.manager): Promise<SpaceEntity | null> {
    return manager.getRepository(SpaceEntity).findOneBy({ id });
  }

  /** The space row locked until the transaction ends (merges, numbering). */
  findForUpdate(manager: EntityManager, id: string): Promise<SpaceEntity | null> {
    return manager.getRepository(SpaceEntity).createQueryBuilder('s').setLock('pessimistic_write').where('s.id = :id', { id }).getOne();
  }

  /** Live spaces of an organization in (createdAt, id) order after the keyset position. */
  async listByOrganization(organizationId: string, limit: number, after?: CursorKey): Promise<{ rows: SpaceEntity[]; count: number }> {
    const base = this.db
      .getRepository(SpaceEntity)
      .createQueryBuilder('s')
      .where('s.organization_id = :organizationId AND s.deleted_at IS NULL', { organizationId });
    const count = await base.clone().getCount();
    const query = base.orderBy('s.created_at', 'ASC').addOrderBy('s.id', 'ASC').limit(limit);
    if (after) query.andWhere('(s.created_at, s.id) > (:afterAt::timestamptz, :afterId)', { afterAt: after[0], afterId: after[1] });
    return { rows: await query.getMany(), count };
  }

  /** How many live spaces an organization has. */
  async countLive(organizationId: string): Promise<number> {
    return this.db
      .getRepository(SpaceEntity)
      .createQueryBuilder('s')
      .where('s.organization_id = :organizationId AND s.deleted_at IS NULL', { organizationId })
      .getCount();
  }

  async counters(spaceIds: string[]): Promise<Map<string, SpaceCounters>> {
    const rows: Array<{ space_id: string; total: number; open: number; draft: number }> = await this.db.query(COUNTERS_SQL, [spaceIds]);
    const out = new Map<string, SpaceCounters>();
    for (const id of spaceIds) out.set(id, { changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 });
    for (const r of rows) out.set(r.space_id, { changeRequests: r.total, changeRequestsOpen: r.open, changeRequestsDraft: r.draft });
    return out;
  }

  async insert(manager: EntityManager, space: SpaceEntity): Promise<void> {
    await manager.getRepository(SpaceEntity).insert(space as QueryDeepPartialEntity<SpaceEntity>);
  }

  async update(manager: EntityManager, id: string, changes: Partial<SpaceEntity>): Promise<void> {
    await manager.getRepository(SpaceEntity).update({ id }, changes as QueryDeepPartialEntity<SpaceEntity>);
  }

  /** The last key among the live spaces in a collection (or at the top level), for a new space. */
  lastPosition(manager: EntityManager, organizationId: string, parentId: string | null): Promise<string | null> {
    return lastPosition(manager, 'spaces', organizationId, parentId);
  }

  /** The default levels of the collection `parentId` and of the collections above it, innermost first. */
  async inheritedLevels(parentId: string | null, manager: EntityManager = this.db.manager): Promise<DefaultLevel[]> {
    if (parentId === null) return [];
    const rows: Array<{ default_level: DefaultLevel }> = await manager.query(
      `WITH RECURSIVE up(id, parent_id, default_level, depth) AS (
         SELECT id, parent_id, default_level, 0 FROM collections WHERE id = $1
         UNION ALL SELECT c.id, c.parent_id, c.default_level, up.depth + 1 FROM collections c JOIN up ON c.id = up.parent_id WHERE up.depth < 1000
       ) SELECT default_level FROM up ORDER BY depth`,
      [parentId],
    );
    return rows.map((r) => r.default_level);
  }

  /** Every collection of the organization with its parent and default level (for the levels of a list's rows). */
  async collectionLevels(organizationId: string): Promise<Map<string, { parentId: string | null; defaultLevel: DefaultLevel }>> {
    const rows: Array<{ id: string; parent_id: string | null; default_level: DefaultLevel }> = await this.db.query(
      'SELECT id, parent_id, default_level FROM collections WHERE organization_id = $1',
      [organizationId],
    );
    return new Map(rows.map((r) => [r.id, { parentId: r.parent_id, defaultLevel: r.default_level }]));
  }

  /** True when a collection with this id belongs to the organization. */
  async collectionExists(organizationId: string, collectionId: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query('SELECT 1 FROM collections WHERE id = $1 AND organization_id = $2', [
      collectionId,
      organizationId,
    ]);
    return rows.length > 0;
  }

  /** Next change request number of a space; the row lock makes concurrent creations take turns. */
  async nextChangeRequestNumber(manager: EntityManager, spaceId: string): Promise<number> {
    // TypeORM answers an UPDATE with [rows, rowCount].
    const [rows]: [Array<{ change_request_seq: number }>, number] = await manager.query(
      'UPDATE spaces SET change_request_seq = change_request_seq + 1 WHERE id = $1 RETURNING change_request_seq',
      [spaceId],
    );
    return rows[0].change_request_seq;
  }

  /** Removes spaces deleted before `cutoff` (their revisions and change requests go with them). */
  async purgeDeletedBefore(cutoff: Date): Promise<number> {
    const [rows]: [unknown[], number] = await this.db.query('DELETE FROM spaces WHERE deleted_at < $1 RETURNING id', [cutoff]);
    return rows.length;
  }
}
