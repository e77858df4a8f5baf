import type { CursorKey } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { SpaceEntity } from '../store/space.entity';
import { CollectionEntity } from './collection.entity';
import type { Positioned } from '../model/position';
import { lastPosition, type PositionedTable, siblingPositions, writePositions } from '../store/sibling-positions';

@Injectable()
export class CollectionsRepository {
  constructor(private readonly db: DataSource) {}

  find(id: string, manager: EntityManager = this.db.manager): Promise<CollectionEntity | null> {
    return manager.getRepository(CollectionEntity).findOneBy({ id });
  }

  async insert(manager: EntityManager, collection: CollectionEntity): Promise<void> {
    await manager.getRepository(CollectionEntity).insert(collection);
  }

  async update(manager: EntityManager, id: string, changes: Partial<CollectionEntity>): Promise<void> {
    // An empty PATCH is valid and changes nothing (TypeORM refuses an update without values).
    if (Object.keys(changes).length === 0) return;
    await manager.getRepository(CollectionEntity).update({ id }, changes);
  }

  /** Deletes a collection; nested collections go with it and its spaces move to the top level. */
  async delete(manager: EntityManager, id: string): Promise<void> {
    await manager.getRepository(CollectionEntity).delete({ id });
  }

  /** The ids from `id` up to the top-level collection (for cycle checks). */
  async ancestry(manager: EntityManager, id: string): Promise<string[]> {
    const rows: Array<{ id: string }> = await manager.query(
      `WITH RECURSIVE up(id, parent_id, depth) AS (
         SELECT id, parent_id, 0 FROM collections WHERE id = $1
         UNION ALL SELECT c.id, c.parent_id, up.depth + 1 FROM collections c JOIN up ON c.id = up.parent_id WHERE up.depth < 1000
       ) SELECT id FROM up`,
      [id],
    );
    return rows.map((r) => r.id);
  }

  async list(
    organizationId: string,
    nested: boolean,
    limit: number,
    after?: CursorKey,
  ): Promise<{ rows: CollectionEntity[]; count: number }> {
    const base = this.db
      .getRepository(CollectionEntity)
      .createQueryBuilder('c')
      .where('c.organization_id = :organizationId', { organizationId });
    if (!nested) base.andWhere('c.parent_id IS NULL');
    const count = await base.clone().getCount();
    const query = base.orderBy('c.created_at', 'ASC').addOrderBy('c.id', 'ASC').limit(limit);
    if (after) query.andWhere('(c.created_at, c.id) > (:afterAt::timestamptz, :afterId)', { afterAt: after[0], afterId: after[1] });
    return { rows: await query.getMany(), count };
  }

  /** Live spaces of a collection in their display order. */
  async spaces(collectionId: string, limit: number, after?: CursorKey): Promise<{ rows: SpaceEntity[]; count: number }> {
    const base = this.db
      .getRepository(SpaceEntity)
      .createQueryBuilder('s')
      .where('s.parent_id = :collectionId AND s.deleted_at IS NULL', { collectionId });
    const count = await base.clone().getCount();
    const query = base.orderBy('s.position', 'ASC').addOrderBy('s.id', 'ASC').limit(limit);
    if (after) query.andWhere('(s.position, s.id) > (:afterPosition, :afterId)', { afterPosition: after[0], afterId: after[1] });
    return { rows: await query.getMany(), count };
  }

  /** Keys of the live spaces, or the collections, in a collection (or at the top level), in order. */
  siblings(manager: EntityManager, table: PositionedTable, organizationId: string, parentId: string | null): Promise<Positioned[]> {
    return siblingPositions(manager, table, organizationId, parentId);
  }

  /** The last key among the collections in a collection (or at the top level). */
  lastPosition(manager: EntityManager, organizationId: string, parentId: string | null): Promise<string | null> {
    return lastPosition(manager, 'collections', organizationId, parentId);
  }

  writePositions(manager: EntityManager, table: PositionedTable, rows: Positioned[]): Promise<void> {
    return writePositions(manager, table, rows);
  }

  /**
   * Moves a collection, its nested collections and their spaces (with their change requests) to
   * another organization; the collection becomes top-level there.
   */
  /** Moves a collection subtree with its spaces to another organization; the ids of the spaces moved. */
  async transfer(manager: EntityManager, collectionId: string, organizationId: string): Promise<string[]> {
    const subtree = `WITH RECURSIVE tree(id) AS (
      SELECT id FROM collections WHERE id = $1
      UNION SELECT c.id FROM collections c JOIN tree ON c.parent_id = tree.id)`;
    await manager.query(
      `${subtree} UPDATE change_requests SET organization_id = $2 WHERE space_id IN (SELECT id FROM spaces WHERE parent_id IN (SELECT id FROM tree))`,
      [collectionId, organizationId],
    );
    const [moved]: [Array<{ id: string }>, number] = await manager.query(
      `${subtree} UPDATE spaces SET organization_id = $2 WHERE parent_id IN (SELECT id FROM tree) RETURNING id`,
      [collectionId, organizationId],
    );
    await manager.query(`${subtree} UPDATE collections SET organization_id = $2 WHERE id IN (SELECT id FROM tree)`, [
      collectionId,
      organizationId,
    ]);
    await manager.query('UPDATE collections SET parent_id = NULL WHERE id = $1', [collectionId]);
    return moved.map((row) => row.id);
  }

  /** Moves one space (and its change requests) to another organization, at its top level. */
  async transferSpace(manager: EntityManager, spaceId: string, organizationId: string): Promise<void> {
    await manager.query('UPDATE spaces SET organization_id = $2, parent_id = NULL WHERE id = $1', [spaceId, organizationId]);
    await manager.query('UPDATE change_requests SET organization_id = $2 WHERE space_id = $1', [spaceId, organizationId]);
  }
}
