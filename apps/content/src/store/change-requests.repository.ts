import type { ChangeRequestFilters } from '@bindery/contracts';
import { type CursorKey, isGuardFailure, preparedQuery, type WriteBatch } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { DataSource, type EntityManager, type QueryDeepPartialEntity, type SelectQueryBuilder } from 'typeorm';
import { ChangeRequestEntity } from './change-request.entity';
import { CONTENT_WRITE_LOCK_SQL, heldContentWriteLock } from './content-write-lock';
import { type JudgedSpace, judgedSpaceParams, spaceAsJudgedSql } from './remembered-spaces';
import type { SpaceEntity } from './space.entity';

/** The columns an edit or a merge changes, as `updateIn` writes them. */
const BATCHED_COLUMNS = {
  status: 'status',
  revisionId: 'revision_id',
  contributors: 'contributors',
  revisionMergedAncestor: 'revision_merged_ancestor',
  revisionMerged: 'revision_merged',
  mergedBy: 'merged_by',
  mergedAt: 'merged_at',
  updatedAt: 'updated_at',
} as const;
const JSON_COLUMNS = new Set<string>(['mergedBy']);
type BatchedChanges = Partial<Pick<ChangeRequestEntity, keyof typeof BATCHED_COLUMNS>>;

export interface ChangeRequestWithSpace {
  changeRequest: ChangeRequestEntity;
  spaceRevision: string;
}

/** The space's columns a merge decides on and its guard compares (`SpacesRepository.moveRevisionUnlessChangedIn`). */
export type SpaceMergeState = Pick<SpaceEntity, 'revisionId' | 'editMode' | 'mergeRules' | 'organizationId' | 'language'>;

/** The change request row as `ChangeRequestEntity`, selected by hand (as `SPACE_COLUMNS`: cheaper than TypeORM's hydration). */
const CHANGE_REQUEST_COLUMNS = `id, space_id AS "spaceId", organization_id AS "organizationId", number, status, subject, description,
  created_by AS "createdBy", contributors, revision_id AS "revisionId", revision_initial AS "revisionInitial", comments,
  revision_merged_ancestor AS "revisionMergedAncestor", revision_merged AS "revisionMerged", merged_by AS "mergedBy",
  merged_at AS "mergedAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

/** Most change requests `lastWritten` keeps: the soak opens ~70 a second and edits each within a second or two. */
const LAST_WRITTEN = 4_096;

@Injectable()
export class ChangeRequestsRepository {
  /**
   * Change requests as this process last wrote them (opened or edited), by id: where an edit or a
   * merge may start from, its compare-and-set (`editUnlessChangedIn`, `updateUnlessChangedIn`)
   * checking that the row still has that revision and is still open. Never an answer: a row another
   * replica or a merge changed since fails the check.
   */
  private readonly written = new LRUCache<string, ChangeRequestEntity>({ max: LAST_WRITTEN });

  constructor(private readonly db: DataSource) {}

  /** Records `cr` as this process wrote it (see `lastWritten`). */
  rememberWritten(cr: ChangeRequestEntity): void {
    this.written.set(cr.id, cr);
  }

  /** `id` was merged: no edit or merge starts from it as this process last wrote it. */
  forgetWritten(id: string): void {
    this.written.delete(id);
  }

  /**
   * The change request as this process last wrote it, when `idOrNumber` is its id and it belongs
   * to `spaceId`; it may have changed since (another replica, a merge, a subject update).
   */
  lastWritten(spaceId: string, idOrNumber: string): ChangeRequestEntity | undefined {
    const cr = this.written.get(idOrNumber);
    return cr?.spaceId === spaceId ? cr : undefined;
  }

  /** By id, or by number when the reference is all digits. */
  async find(
    spaceId: string,
    idOrNumber: string,
    manager: EntityManager = this.db.manager,
    lock = false,
  ): Promise<ChangeRequestEntity | null> {
    const byNumber = /^\d{1,9}$/.test(idOrNumber);
    const text = `SELECT ${CHANGE_REQUEST_COLUMNS} FROM change_requests
       WHERE space_id = $1 AND ${byNumber ? '(number = $3 OR id = $2)' : 'id = $2'}${lock ? ' FOR UPDATE' : ''}`;
    const values = byNumber ? [spaceId, idOrNumber, Number(idOrNumber)] : [spaceId, idOrNumber];
    // Outside a transaction, a statement Postgres plans once per connection (one name per text).
    const rows: ChangeRequestEntity[] =
      manager === this.db.manager && !lock
        ? await preparedQuery(this.db, byNumber ? 'content.change_request_by_ref' : 'content.change_request_by_id', text, values)
        : await manager.query(text, values);
    return rows[0] ?? null;
  }

  /**
   * `find` with its space's state as it is now, in one statement: what a merge reads again when an
   * attempt lost its guard (the change request or the space changed since it read them).
   */
  async findWithSpace(spaceId: string, idOrNumber: string): Promise<{ changeRequest: ChangeRequestEntity; space: SpaceMergeState } | null> {
    const byNumber = /^\d{1,9}$/.test(idOrNumber);
    const rows: Array<ChangeRequestEntity & { space: SpaceMergeState }> = await preparedQuery(
      this.db,
      byNumber ? 'content.change_request_with_space_by_ref' : 'content.change_request_with_space_by_id',
      `SELECT c.*, json_build_object('revisionId', s.revision_id, 'editMode', s.edit_mode, 'mergeRules', s.merge_rules,
         'organizationId', s.organization_id, 'language', s.language) AS space
       FROM (SELECT ${CHANGE_REQUEST_COLUMNS} FROM change_requests
             WHERE space_id = $1 AND ${byNumber ? '(number = $3 OR id = $2)' : 'id = $2'}) c
       JOIN spaces s ON s.id = c."spaceId"`,
      byNumber ? [spaceId, idOrNumber, Number(idOrNumber)] : [spaceId, idOrNumber],
    );
    if (!rows[0]) return null;
    const { space, ...changeRequest } = rows[0];
    return { changeRequest, space };
  }

  /**
   * The change request locked for an edit or a merge (`FOR UPDATE`, until the transaction ends),
   * with the content write lock taken in the same statement (`holdContentWriteLock` then costs
   * nothing): the writes that follow count on both.
   */
  async findForWrite(manager: EntityManager, spaceId: string, idOrNumber: string): Promise<ChangeRequestEntity | null> {
    const byNumber = /^\d{1,9}$/.test(idOrNumber);
    const rows: ChangeRequestEntity[] = await manager.query(
      `SELECT ${CHANGE_REQUEST_COLUMNS}, ${CONTENT_WRITE_LOCK_SQL} AS locked FROM change_requests
       WHERE space_id = $1 AND ${byNumber ? '(number = $3 OR id = $2)' : 'id = $2'} FOR UPDATE`,
      byNumber ? [spaceId, idOrNumber, Number(idOrNumber)] : [spaceId, idOrNumber],
    );
    if (!rows[0]) return null;
    heldContentWriteLock(manager);
    const cr = rows[0] as ChangeRequestEntity & { locked?: unknown };
    delete cr.locked;
    return cr;
  }

  /**
   * Inserts a change request numbered next in its space, in one statement: the space's row in
   * `change_request_numbers` is locked only while this statement runs and commits (no round trip
   * to the service in between, which a busy event loop stretched to hundreds of ms while other
   * creations in the space waited), and a failed insert gives its number back: no gaps. The row is
   * updated when it exists (every open but a space's first): a plain update locks it as it writes
   * it, where an upsert locks it first, one more WAL record. Only when there is none yet is it
   * inserted, as an upsert, so that two first opens of a space still take turns.
   */
  async insertNumbered(cr: Omit<ChangeRequestEntity, 'number'>): Promise<number> {
    const rows: Array<{ number: number }> = await this.db.query(numberedInsertSql(), numberedInsertParams(cr));
    return rows[0].number;
  }

  /**
   * `insertNumbered` for an open that did not read its space (see `RememberedSpaces`): the change
   * request starts from the space's revision as the statement reads it, and nothing is written
   * (no number taken either) unless the space is still as `judgedSpace` was judged
   * (`spaceAsJudgedSql`). Null when it is not: the caller loads the space and opens as before.
   */
  async insertNumberedAsJudged(
    cr: Omit<ChangeRequestEntity, 'number' | 'revisionId' | 'revisionInitial'>,
    judgedSpace: JudgedSpace,
  ): Promise<{ number: number; revisionId: string } | null> {
    const rows: Array<{ number: number; revision_id: string }> = await this.db.query(numberedInsertSql(17), [
      ...numberedInsertParams({ ...cr, revisionId: null, revisionInitial: null }),
      ...judgedSpaceParams(judgedSpace),
    ]);
    return rows[0] ? { number: rows[0].number, revisionId: rows[0].revision_id } : null;
  }

  async update(manager: EntityManager, id: string, changes: Partial<ChangeRequestEntity>): Promise<void> {
    await manager.getRepository(ChangeRequestEntity).update({ id }, changes as QueryDeepPartialEntity<ChangeRequestEntity>);
  }

  /** The same update as `update`, added to `batch` (written in one round trip with the batch's other statements). */
  updateIn(batch: WriteBatch, id: string, changes: BatchedChanges): void {
    const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
    if (entries.length === 0) return;
    const sets = entries.map(([key], i) => `${BATCHED_COLUMNS[key as keyof BatchedChanges]} = $${i + 2}`);
    const values = entries.map(([key, value]) => (JSON_COLUMNS.has(key) && value !== null ? JSON.stringify(value) : value));
    batch.add(`UPDATE change_requests SET ${sets.join(', ')} WHERE id = $1`, [id, ...values]);
  }

  /**
   * `updateIn` as a compare-and-set, for an edit or a merge written as one statement without a
   * transaction (no row lock held while it computed): the update applies only while the change
   * request still has `expectedRevisionId` and is neither merged nor archived (and, with
   * `judgedSpace`, a merge that did not read its space, see `RememberedSpaces`, while the space is
   * still as that row was judged: `spaceAsJudgedSql`), and when it does not, the whole statement
   * fails (`isChangedMeanwhile`), so none of the batch's other writes (the revision, its event)
   * happen either. Waiting for the row lock of a concurrent edit or merge,
   * Postgres checks the condition again against the row that one committed: writers of one change
   * request still take turns, and the one that lost its turn computes again.
   */
  updateUnlessChangedIn(
    batch: WriteBatch,
    id: string,
    expectedRevisionId: string,
    changes: BatchedChanges,
    judgedSpace?: JudgedSpace,
  ): void {
    const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
    const sets = entries.map(([key], i) => `${BATCHED_COLUMNS[key as keyof BatchedChanges]} = $${i + 3}`);
    const values = entries.map(([key, value]) => (JSON_COLUMNS.has(key) && value !== null ? JSON.stringify(value) : value));
    // The judged space's parameters follow the update's.
    const spaceAsJudged = judgedSpace ? ` AND ${spaceAsJudgedSql(values.length + 3)}` : '';
    batch.guard(
      CHANGE_REQUEST_GUARD,
      `UPDATE change_requests SET ${sets.join(', ')}
       WHERE id = $1 AND revision_id = $2 AND status NOT IN ('merged', 'archived')${spaceAsJudged} RETURNING id`,
      [id, expectedRevisionId, ...values, ...(judgedSpace ? judgedSpaceParams(judgedSpace) : [])],
    );
  }

  /**
   * An edit's compare-and-set (as `updateUnlessChangedIn`) that answers the change request as it
   * wrote it, with its space's revision as the statement saw it (`editedRow` of the batch's rows):
   * the edit's answer needs no read of its own. The editor joins the contributors in the statement,
   * from the row it updates. With `judgedSpace` (an edit that did not read its space, see
   * `RememberedSpaces`), it also applies only while the space is still as that row was judged
   * (`spaceAsJudgedSql`): else, as for a changed change request, nothing is written.
   */
  editUnlessChangedIn(
    batch: WriteBatch,
    id: string,
    expectedRevisionId: string,
    edit: { revisionId: string; updatedAt: Date; editor: string },
    judgedSpace?: JudgedSpace,
  ): void {
    // The judged space's parameters follow the five of the update (`$6`…`$8`).
    const spaceAsJudged = judgedSpace ? ` AND ${spaceAsJudgedSql(6)}` : '';
    batch.guard(
      CHANGE_REQUEST_GUARD,
      `UPDATE change_requests SET revision_id = $3, updated_at = $4,
         contributors = CASE WHEN $5::text = ANY(contributors) THEN contributors ELSE array_append(contributors, $5::text) END
       WHERE id = $1 AND revision_id = $2 AND status NOT IN ('merged', 'archived')${spaceAsJudged}
       RETURNING ${CHANGE_REQUEST_COLUMNS}, (SELECT s.revision_id FROM spaces s WHERE s.id = change_requests.space_id) AS "spaceRevision"`,
      [id, expectedRevisionId, edit.revisionId, edit.updatedAt, edit.editor, ...(judgedSpace ? judgedSpaceParams(judgedSpace) : [])],
      { returning: true },
    );
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

/** The guard of `updateUnlessChangedIn`. */
const CHANGE_REQUEST_GUARD = 'change-request-unchanged';

/** The failure of an `updateUnlessChangedIn` batch: the change request changed since it was read. */
export function isChangedMeanwhile(error: unknown): boolean {
  return isGuardFailure(error, CHANGE_REQUEST_GUARD);
}

/**
 * The row `editUnlessChangedIn` returned, as `find` reads it (a batch returns rows as JSON: dates
 * come as text), and the space's revision as the statement saw it.
 */
export function editedRow(rows: Array<Record<string, unknown>>): { cr: ChangeRequestEntity; spaceRevision: string } {
  const { spaceRevision, ...row } = rows[0] as unknown as ChangeRequestEntity & {
    createdAt: string;
    updatedAt: string;
    mergedAt: string | null;
    spaceRevision: string;
  };
  return {
    cr: {
      ...row,
      createdAt: new Date(row.createdAt),
      updatedAt: new Date(row.updatedAt),
      mergedAt: row.mergedAt === null ? null : new Date(row.mergedAt),
    },
    spaceRevision,
  };
}

/**
 * `insertNumbered`'s statement. With `judgedAt`, the space's condition (`spaceAsJudgedSql`, its
 * parameters from `$judgedAt`) guards the number's bump and the insert, and the change request's
 * revisions are the space's as the statement reads it (`$9` and `$10` null).
 */
function numberedInsertSql(judgedAt?: number): string {
  const judged = judgedAt === undefined ? '' : ` AND ${spaceAsJudgedSql(judgedAt)}`;
  const spaceRevision = '(SELECT revision_id FROM spaces WHERE id = $2)';
  const revisions = judgedAt === undefined ? '$9, $10' : `coalesce($9::text, ${spaceRevision}), coalesce($10::text, ${spaceRevision})`;
  return `WITH bumped AS (
      UPDATE change_request_numbers SET last_number = last_number + 1 WHERE space_id = $2${judged} RETURNING last_number
    ), first AS (
      INSERT INTO change_request_numbers AS n (space_id, last_number) SELECT $2, 1 WHERE NOT EXISTS (SELECT FROM bumped)${judged}
      ON CONFLICT (space_id) DO UPDATE SET last_number = n.last_number + 1 RETURNING last_number
    ), next AS (SELECT last_number FROM bumped UNION ALL SELECT last_number FROM first)
    INSERT INTO change_requests (id, space_id, organization_id, number, status, subject, description, created_by,
      contributors, revision_id, revision_initial, revision_merged_ancestor, revision_merged, merged_by, merged_at,
      created_at, updated_at)
    SELECT $1, $2, $3, next.last_number, $4, $5, $6, $7, $8, ${revisions}, $11, $12, $13, $14, $15, $16 FROM next
    RETURNING number, revision_id`;
}

function numberedInsertParams(
  cr: Omit<ChangeRequestEntity, 'number' | 'revisionId' | 'revisionInitial'> & {
    revisionId: string | null;
    revisionInitial: string | null;
  },
): unknown[] {
  return [
    cr.id,
    cr.spaceId,
    cr.organizationId,
    cr.status,
    cr.subject,
    cr.description === null ? null : JSON.stringify(cr.description),
    JSON.stringify(cr.createdBy),
    cr.contributors,
    cr.revisionId,
    cr.revisionInitial,
    cr.revisionMergedAncestor,
    cr.revisionMerged,
    cr.mergedBy === null ? null : JSON.stringify(cr.mergedBy),
    cr.mergedAt,
    cr.createdAt,
    cr.updatedAt,
  ];
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
