import type { DefaultLevel } from '@bindery/contracts';
import { type CursorKey, isGuardFailure, preparedQuery, type WriteBatch } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type QueryDeepPartialEntity } from 'typeorm';
import { lastPosition } from './sibling-positions';
import { SpaceReadBatch } from './space-read-batch';
import { type SpaceCounters, SpaceEntity } from './space.entity';

/**
 * Change request counts (`space_change_request_counts`, kept by triggers on `change_requests`) and
 * the stored open comment count of each space, one row per id asked: one row read per space, however
 * many change requests it has. A space without a row has had no change request.
 */
const COUNTERS_SQL = `SELECT ids.id AS space_id,
  coalesce(cr.total, 0) AS total, coalesce(cr.open, 0) AS open, coalesce(cr.draft, 0) AS draft,
  coalesce(c.open, 0)::int AS comments
  FROM unnest($1::text[]) AS ids(id)
  LEFT JOIN space_change_request_counts cr ON cr.space_id = ids.id
  LEFT JOIN space_comment_counts c ON c.space_id = ids.id`;

/**
 * The space row as `SpaceEntity`, selected by hand: every request loads its space (access, then
 * the revision), and TypeORM's query building and hydration cost more CPU than the query itself.
 */
const SPACE_COLUMNS = `id, organization_id AS "organizationId", title, emoji, visibility, edit_mode AS "editMode",
  merge_rules AS "mergeRules", default_level AS "defaultLevel", language, parent_id AS "parentId", position,
  revision_id AS "revisionId", share_key AS "shareKey", created_at AS "createdAt", updated_at AS "updatedAt",
  deleted_at AS "deletedAt"`;

/**
 * The space row and its counters (as `COUNTERS_SQL` reads them) in one statement: reading a space
 * then needs one round trip, not two. The counters come from subqueries, so `SPACE_COLUMNS` stays
 * unambiguous.
 */
const SPACE_WITH_COUNTERS_SQL = `SELECT ${SPACE_COLUMNS}, coalesce(cr.total, 0) AS counted_total, coalesce(cr.open, 0) AS counted_open,
  coalesce(cr.draft, 0) AS counted_draft,
  coalesce((SELECT c.open FROM space_comment_counts c WHERE c.space_id = $1), 0)::int AS counted_comments
  FROM spaces LEFT JOIN (SELECT total, open, draft FROM space_change_request_counts WHERE space_id = $1) cr ON true
  WHERE id = $1`;

/**
 * The spaces of an id array, for `SpaceReadBatch`: almost every request's access check runs it, so
 * it must run on Postgres's cached generic plan. With `id = ANY($1::text[])` it did not: a custom
 * plan sees the array's length (one id, mostly) and is costed below the generic plan's estimate for
 * an array of unknown length, so Postgres kept planning every call (`pnpm bench soak-statements`:
 * plans = calls; backend CPU per one-id read ~170 µs planned, ~95 µs on the cached plan, 2,000
 * spaces). The array is compared as `(SELECT $1)`, a value no plan sees: custom and generic plans
 * cost the same and the generic plan is kept after the five trial plans (as `SEARCH_SQL.oneSpace`).
 * The `::text[]` outside the subquery makes `= ANY(…)` take the array, not the subquery's rows.
 */
export const SPACES_BY_IDS_SQL = `SELECT ${SPACE_COLUMNS} FROM spaces WHERE id = ANY((SELECT $1::text[])::text[])`;

/**
 * One space by id: `find` in a transaction, and a batch of one id (the usual batch when the load is
 * light). Its generic plan is a plain primary-key lookup, which costs the backend less than the
 * array read's (~87 against ~104 µs per call, /proc, one connection, 2,000 spaces).
 */
const SPACE_BY_ID_SQL = `SELECT ${SPACE_COLUMNS} FROM spaces WHERE id = $1`;

@Injectable()
export class SpacesRepository {
  /** `find`'s reads outside a transaction, batched with the other requests' of the same turn. */
  private readonly batchedReads = new SpaceReadBatch((ids) =>
    ids.length === 1
      ? preparedQuery(this.db, 'content.space_by_id', SPACE_BY_ID_SQL, ids)
      : preparedQuery(this.db, 'content.spaces_by_ids', SPACES_BY_IDS_SQL, [ids]),
  );

  constructor(private readonly db: DataSource) {}

  /**
   * Spaces of an organization whose search index may show a spec's generated pages from an
   * outline other than the newest: those whose index recorded the spec, those indexed before
   * outlines were recorded, and those whose index is behind their main revision (an indexing run
   * in flight may have read the outlines before the newest committed).
   */
  async mayShowSpec(
    manager: EntityManager,
    organizationId: string,
    slug: string,
  ): Promise<Array<{ id: string; revisionId: string; language: string | null }>> {
    return manager.query(
      `SELECT s.id, s.revision_id AS "revisionId", s.language FROM spaces s LEFT JOIN search_spaces i ON i.space_id = s.id
        WHERE s.organization_id = $1 AND s.deleted_at IS NULL
          AND (i.outlines IS NULL OR i.outlines ? $2 OR i.revision_id IS DISTINCT FROM s.revision_id)`,
      [organizationId, slug],
    );
  }

  /** A space, deleted or not; null when unknown or already purged. */
  async find(id: string, manager: EntityManager = this.db.manager): Promise<SpaceEntity | null> {
    // Outside a transaction (every read's access check): batched with the other requests' reads.
    if (manager === this.db.manager) return this.batchedReads.read(id);
    const rows: SpaceEntity[] = await manager.query(SPACE_BY_ID_SQL, [id]);
    return rows[0] ?? null;
  }

  /** `find` with the space's counters, in one statement (reading a space answers both). */
  async findWithCounters(id: string): Promise<{ space: SpaceEntity; counters: SpaceCounters } | null> {
    const rows: Array<SpaceEntity & { counted_total: number; counted_open: number; counted_draft: number; counted_comments: number }> =
      await preparedQuery(this.db, 'content.space_with_counters_by_id', SPACE_WITH_COUNTERS_SQL, [id]);
    if (!rows[0]) return null;
    const { counted_total, counted_open, counted_draft, counted_comments, ...space } = rows[0];
    return {
      space,
      counters: {
        changeRequests: counted_total,
        changeRequestsOpen: counted_open,
        changeRequestsDraft: counted_draft,
        comments: counted_comments,
      },
    };
  }

  /**
   * The space row locked until the transaction ends (writes that move its revision). `FOR NO KEY
   * UPDATE`, not `FOR UPDATE`: inserts of rows that reference the space (revisions, change
   * requests, search rows) take a key-share lock on it for their foreign key, which `FOR UPDATE`
   * would make wait for the whole merge.
   */
  async findForUpdate(manager: EntityManager, id: string): Promise<SpaceEntity | null> {
    const rows: SpaceEntity[] = await manager.query(`SELECT ${SPACE_COLUMNS} FROM spaces WHERE id = $1 FOR NO KEY UPDATE`, [id]);
    return rows[0] ?? null;
  }

  /**
   * Compare-and-set of the space's revision, as a guard of `batch` (`isSpaceChangedMeanwhile`), for
   * a merge written as one statement: the revision moves to `to` only while the space still is as
   * the merge judged it (its revision, not locked, the same merge rules and organization, whose
   * rules it may inherit), and else the whole statement fails. Waiting for a concurrent merge's
   * lock on the row, Postgres checks the condition again against the row that one committed, so a
   * moved revision is never overwritten.
   */
  moveRevisionUnlessChangedIn(batch: WriteBatch, space: SpaceEntity, to: string, at: Date): void {
    batch.guard(
      SPACE_GUARD,
      `UPDATE spaces SET revision_id = $3, updated_at = $4
       WHERE id = $1 AND revision_id = $2 AND edit_mode <> 'locked' AND merge_rules = $5::jsonb AND organization_id = $6 RETURNING id`,
      [space.id, space.revisionId, to, at, JSON.stringify(space.mergeRules), space.organizationId],
    );
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
    const rows: Array<{ space_id: string; total: number; open: number; draft: number; comments: number }> = await this.db.query(
      COUNTERS_SQL,
      [spaceIds],
    );
    const out = new Map<string, SpaceCounters>();
    for (const r of rows)
      out.set(r.space_id, { changeRequests: r.total, changeRequestsOpen: r.open, changeRequestsDraft: r.draft, comments: r.comments });
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

  /** Removes spaces deleted before `cutoff` (their revisions and change requests go with them). */
  async purgeDeletedBefore(cutoff: Date): Promise<number> {
    const [rows]: [unknown[], number] = await this.db.query('DELETE FROM spaces WHERE deleted_at < $1 RETURNING id', [cutoff]);
    return rows.length;
  }
}

/** The guard of `moveRevisionUnlessChangedIn`. */
const SPACE_GUARD = 'space-unchanged';

/** The failure of a `moveRevisionUnlessChangedIn` batch: the space moved, was locked or got other merge rules since it was read. */
export function isSpaceChangedMeanwhile(error: unknown): boolean {
  return isGuardFailure(error, SPACE_GUARD);
}
