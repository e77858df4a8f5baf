import { type CursorKey, outboxAnnounceSql, preparedQuery } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { CommentFilter, CommentRow, ReactionRow, ReplierRow, ReplyRow } from './comment.rows';

/** A comment's columns; `document` false reads no Document (null): a list answered in Markdown sends none. */
const commentColumns = (document = true) => `id, organization_id AS "organizationId", space_id AS "spaceId",
  change_request_id AS "changeRequestId", revision_id AS "revisionId", target_page AS "targetPage", target_node AS "targetNode",
  table_record AS "tableRecord", table_definition AS "tableDefinition", author_id AS "authorId", author,
  body_markdown AS "bodyMarkdown", ${document ? 'body_document' : 'NULL::jsonb'} AS "bodyDocument", posted_at AS "postedAt",
  edited_at AS "editedAt", resolved_at AS "resolvedAt", resolved_by AS "resolvedBy"`;

const COMMENT_COLUMNS = commentColumns();

const REPLY_COLUMNS = `id, comment_id AS "commentId", author_id AS "authorId", author, body_markdown AS "bodyMarkdown",
  body_document AS "bodyDocument", posted_at AS "postedAt", edited_at AS "editedAt"`;

/** Where a target's comments are: a space's main content ('') or a change request. */
export interface TargetKey {
  spaceId: string;
  changeRequestId: string;
}

/** What TypeORM's `query` answers for a DELETE (and UPDATE) on Postgres: the returned rows and the affected count. */
type DeleteResult<T> = [T[], number];

/**
 * Comments, replies, reactions and mentions of collaboration's schema (data access only). The
 * soak's statements (a list's page, a new comment) run straight on the pg pool (`preparedQuery`):
 * TypeORM's query runner around each (made, connected, released, its subscribers told) was ~5 % of
 * collaboration's CPU in a loaded soak, for nothing these statements use.
 */
@Injectable()
export class CommentsRepository {
  constructor(private readonly db: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /**
   * A page of a target's visible comments, keyset on (posted_at, id) in `filter.order`, how many
   * match, and each comment's repliers and reactions (as `repliers` and `reactions` answer them), in
   * ONE statement (a second only to count past the last page). An unfiltered list (any status)
   * reads its count from the target's stored counts; a filtered one counts its matches, and on a
   * first page that is not full takes the page's own length. `documents` false leaves each row's
   * `bodyDocument` null: Postgres then neither reads nor sends the bodies' Documents (the bulk of a
   * row), nor does this process parse them, for a list answered in Markdown.
   */
  async list(
    target: TargetKey,
    filter: CommentFilter,
    take: number,
    after: CursorKey | undefined,
    documents = true,
  ): Promise<{ rows: ListedComment[]; count: number }> {
    const { sql, countSql } = listStatement(filter, after !== undefined, documents);
    // In the order `listStatement` numbers them: the count's parameters first, then the cursor's and the limit.
    const params: unknown[] = [target.spaceId, target.changeRequestId];
    if (filter.targetPage !== undefined) params.push(filter.targetPage);
    if (filter.authors !== undefined) params.push(filter.authors);
    const countParams = [...params];
    if (after) params.push(after[0], after[1]);
    params.push(take);
    const found = await preparedQuery<ListedCommentRow>(this.db, 'collaboration.comment-list', sql, params);
    // The key is not read back (Postgres would send it, and this process parse it, once per row).
    for (const row of found) {
      row.spaceId = target.spaceId;
      row.changeRequestId = target.changeRequestId;
    }
    // No row: no count came with the page; only past the last page can there still be matches.
    const count =
      found[0]?.count ??
      (after ? (await preparedQuery<{ count: number }>(this.db, 'collaboration.comment-count', countSql, countParams))[0].count : 0);
    return { rows: found, count };
  }

  /** A visible comment of the target; `lock` takes its row lock in `manager`'s transaction. */
  async find(target: TargetKey, commentId: string, manager?: EntityManager, lock = false): Promise<CommentRow | null> {
    const rows: CommentRow[] = await (manager ?? this.db).query(
      `SELECT ${COMMENT_COLUMNS} FROM comments
       WHERE id = $1 AND space_id = $2 AND change_request_id = $3 AND hidden_at IS NULL${lock ? ' FOR UPDATE' : ''}`,
      [commentId, target.spaceId, target.changeRequestId],
    );
    return rows[0] ?? null;
  }

  async updateBody(manager: EntityManager, id: string, markdown: string, document: unknown, at: Date): Promise<void> {
    await manager.query('UPDATE comments SET body_markdown = $2, body_document = $3, edited_at = $4 WHERE id = $1', [
      id,
      markdown,
      JSON.stringify(document),
      at,
    ]);
  }

  async setResolved(manager: EntityManager, id: string, resolvedAt: Date | null, resolvedBy: unknown): Promise<void> {
    await manager.query('UPDATE comments SET resolved_at = $2, resolved_by = $3 WHERE id = $1', [
      id,
      resolvedAt,
      resolvedBy === null ? null : JSON.stringify(resolvedBy),
    ]);
  }

  /** Deletes a visible comment (its replies, reactions and mentions go with it); null when there was none. */
  async delete(manager: EntityManager, target: TargetKey, id: string): Promise<{ wasOpen: boolean } | null> {
    const [rows]: DeleteResult<{ wasOpen: boolean }> = await manager.query(
      `DELETE FROM comments WHERE id = $1 AND space_id = $2 AND change_request_id = $3 AND hidden_at IS NULL
       RETURNING resolved_at IS NULL AS "wasOpen"`,
      [id, target.spaceId, target.changeRequestId],
    );
    return rows[0] ?? null;
  }

  /**
   * Bumps the target's version, changes its open and total comment counts by `delta`, and records the
   * count event (`event` with `open` and `version` added) in the outbox, all in one statement,
   * issued last in the transaction: the row lock is held only for it and the commit. The upsert
   * applies the delta to the newest committed row, so writers of one target count one after the
   * other and the event of the highest version carries the count of every earlier commit.
   */
  async bumpTarget(
    manager: EntityManager,
    target: TargetKey,
    organizationId: string,
    delta: CountDelta,
    event: CountEventRow,
  ): Promise<void> {
    await manager.query(`WITH ${bumpTargetSql(1)} SELECT ${announced(['added'])}`, bumpTargetParams(target, organizationId, delta, event));
  }

  /**
   * A new comment, its mentions with their events, and its target's count event, as `insert`,
   * `CommentEvents.mentioned` and `bumpTarget` do, in ONE statement and no transaction of its own:
   * atomic alone, and one round trip instead of four or more (begin, the statements, commit). The
   * target's row is locked only while the statement runs.
   */
  async insertCounted(c: CommentRow, event: CountEventRow, mentions?: NewMentions): Promise<void> {
    const params = commentParams(c);
    const mentioned = mentions !== undefined && mentions.rows.length > 0;
    if (mentioned) params.push(...mentionValues(c.id, '', mentions));
    params.push(
      ...bumpTargetParams({ spaceId: c.spaceId, changeRequestId: c.changeRequestId }, c.organizationId, { open: 1, total: 1 }, event),
    );
    await preparedQuery(this.db, 'collaboration.comment-insert', insertCountedSql(mentioned), params);
  }

  // Replies

  async listReplies(commentId: string, take: number, after: CursorKey | undefined): Promise<{ rows: ReplyRow[]; count: number }> {
    const params: unknown[] = [commentId];
    let cursor = '';
    if (after) {
      params.push(after[0], after[1]);
      cursor = ' AND (posted_at, id) > ($2::timestamptz, $3)';
    }
    params.push(take);
    const rows: ReplyRow[] = await this.db.query(
      `SELECT ${REPLY_COLUMNS} FROM comment_replies WHERE comment_id = $1${cursor} ORDER BY posted_at, id LIMIT $${params.length}`,
      params,
    );
    const [{ count }]: Array<{ count: number }> = await this.db.query(
      'SELECT count(*)::int AS count FROM comment_replies WHERE comment_id = $1',
      [commentId],
    );
    return { rows, count };
  }

  async findReply(commentId: string, replyId: string, manager?: EntityManager): Promise<ReplyRow | null> {
    const rows: ReplyRow[] = await (manager ?? this.db).query(
      `SELECT ${REPLY_COLUMNS} FROM comment_replies WHERE id = $1 AND comment_id = $2`,
      [replyId, commentId],
    );
    return rows[0] ?? null;
  }

  /**
   * A reply to a visible comment of the target, with its mentions and their events, in ONE
   * statement: the comment is share-locked while the reply is written, so one deleted meanwhile
   * gets no reply (nothing is written and null answered), as the transaction this replaces did.
   */
  async insertReply(target: TargetKey, r: ReplyRow, mentions?: NewMentions): Promise<CommentRow | null> {
    const params: unknown[] = [r.commentId, target.spaceId, target.changeRequestId];
    const found = `found AS (
         SELECT ${COMMENT_COLUMNS} FROM comments
         WHERE id = $1 AND space_id = $2 AND change_request_id = $3 AND hidden_at IS NULL FOR SHARE
       )`;
    const reply = `reply AS (
         INSERT INTO comment_replies (id, comment_id, author_id, author, body_markdown, body_document, posted_at)
         SELECT $4::text, id, $5::text, $6::jsonb, $7::text, $8::jsonb, $9::timestamptz FROM found RETURNING id
       )`;
    params.push(r.id, r.authorId, JSON.stringify(r.author), r.bodyMarkdown, JSON.stringify(r.bodyDocument), r.postedAt);
    // Mentions only with the reply: their rows would fail the foreign key without it.
    const mentioned = mentionParts(params, r.commentId, r.id, mentions, 'EXISTS (SELECT 1 FROM reply)');
    const notified = mentioned.length > 0 ? `(SELECT count(*) FROM (SELECT ${announced(['mention_events'])}) n)` : '0';
    const rows: Array<CommentRow & { replied: string }> = await this.db.query(
      `WITH ${[found, reply, ...mentioned].join(', ')}
       SELECT found.*, (SELECT count(*) FROM reply) AS replied, ${notified} AS notified FROM found`,
      params,
    );
    const row = rows[0];
    if (!row || Number(row.replied) === 0) return null;
    const { replied: _replied, notified: _notified, ...comment } = row as CommentRow & { replied: string; notified: string };
    return comment;
  }

  async updateReplyBody(manager: EntityManager, id: string, markdown: string, document: unknown, at: Date): Promise<void> {
    await manager.query('UPDATE comment_replies SET body_markdown = $2, body_document = $3, edited_at = $4 WHERE id = $1', [
      id,
      markdown,
      JSON.stringify(document),
      at,
    ]);
  }

  async deleteReply(manager: EntityManager, commentId: string, replyId: string): Promise<boolean> {
    const [rows]: DeleteResult<{ id: string }> = await manager.query(
      'DELETE FROM comment_replies WHERE id = $1 AND comment_id = $2 RETURNING id',
      [replyId, commentId],
    );
    if (rows.length === 0) return false;
    await manager.query('DELETE FROM comment_reactions WHERE comment_id = $1 AND reply_id = $2', [commentId, replyId]);
    await manager.query('DELETE FROM comment_mentions WHERE comment_id = $1 AND reply_id = $2', [commentId, replyId]);
    return true;
  }

  /** Replies per comment and user: the `replies` count and `repliers` of each comment. */
  async repliers(commentIds: string[]): Promise<ReplierRow[]> {
    if (commentIds.length === 0) return [];
    return this.db.query(
      `SELECT comment_id AS "commentId", (array_agg(author ORDER BY posted_at DESC))[1] AS "user",
         count(*)::int AS count, max(posted_at) AS "updatedAt"
       FROM comment_replies WHERE comment_id = ANY($1::text[]) GROUP BY comment_id, author_id ORDER BY max(posted_at) DESC`,
      [commentIds],
    );
  }

  // Reactions

  /** Reactions of comments (`replyIds` absent) or of some replies of one comment. */
  async reactions(commentIds: string[], replyIds?: string[]): Promise<ReactionRow[]> {
    if (commentIds.length === 0) return [];
    const columns = `comment_id AS "commentId", reply_id AS "replyId", emoji, user_id AS "userId", "user", reacted_at AS "reactedAt"`;
    return replyIds === undefined
      ? this.db.query(
          `SELECT ${columns} FROM comment_reactions WHERE comment_id = ANY($1::text[]) AND reply_id = '' ORDER BY reacted_at, emoji COLLATE "C", user_id`,
          [commentIds],
        )
      : this.db.query(
          `SELECT ${columns} FROM comment_reactions WHERE comment_id = ANY($1::text[]) AND reply_id = ANY($2::text[]) ORDER BY reacted_at, emoji COLLATE "C", user_id`,
          [commentIds, replyIds],
        );
  }

  /** Adds a user's reactions; one already there stays as it was (adding twice counts once). */
  async addReactions(
    manager: EntityManager,
    commentId: string,
    replyId: string,
    emojis: string[],
    user: { id: string },
    at: Date,
  ): Promise<void> {
    if (emojis.length === 0) return;
    await manager.query(
      `INSERT INTO comment_reactions (comment_id, reply_id, emoji, user_id, "user", reacted_at)
       SELECT $1, $2, e, $4, $5, $6 FROM unnest($3::text[]) AS e ON CONFLICT DO NOTHING`,
      [commentId, replyId, emojis, user.id, JSON.stringify(user), at],
    );
  }

  async removeReactions(manager: EntityManager, commentId: string, replyId: string, emojis: string[], userId: string): Promise<void> {
    if (emojis.length === 0) return;
    await manager.query(
      'DELETE FROM comment_reactions WHERE comment_id = $1 AND reply_id = $2 AND emoji = ANY($3::text[]) AND user_id = $4',
      [commentId, replyId, emojis, userId],
    );
  }

  // Mentions

  /** Records mentions not recorded before for this comment or reply; returns the new ones (id, user). */
  async addMentions(
    manager: EntityManager,
    commentId: string,
    replyId: string,
    mentions: Array<{ id: string; userId: string }>,
    mentionedBy: string,
    at: Date,
  ): Promise<Array<{ id: string; userId: string }>> {
    if (mentions.length === 0) return [];
    return manager.query(
      `INSERT INTO comment_mentions (id, comment_id, reply_id, user_id, mentioned_by, created_at)
       SELECT m.id, $1, $2, m.user_id, $5, $6 FROM unnest($3::text[], $4::text[]) AS m(id, user_id)
       ON CONFLICT DO NOTHING RETURNING id, user_id AS "userId"`,
      [commentId, replyId, mentions.map((m) => m.id), mentions.map((m) => m.userId), mentionedBy, at],
    );
  }

  // Commenters

  /** Users who wrote a visible comment or reply of the target, by user id after `after`, and how many there are. */
  async commenters(target: TargetKey, take: number, after: string | undefined): Promise<{ userIds: string[]; count: number }> {
    const authors = `SELECT author_id FROM comments WHERE space_id = $1 AND change_request_id = $2 AND hidden_at IS NULL
      UNION SELECT r.author_id FROM comment_replies r JOIN comments c ON c.id = r.comment_id
      WHERE c.space_id = $1 AND c.change_request_id = $2 AND c.hidden_at IS NULL`;
    const rows: Array<{ author_id: string }> = await this.db.query(
      `SELECT author_id FROM (${authors}) a WHERE $3::text IS NULL OR author_id > $3 ORDER BY author_id LIMIT $4`,
      [target.spaceId, target.changeRequestId, after ?? null, take],
    );
    const [{ count }]: Array<{ count: number }> = await this.db.query(`SELECT count(*)::int AS count FROM (${authors}) a`, [
      target.spaceId,
      target.changeRequestId,
    ]);
    return { userIds: rows.map((r) => r.author_id), count };
  }

  // Space events

  /**
   * Hides (deleted space) or shows again (restored space) every comment of a space, and marks its
   * targets alike in the same statement, so a list's stored count never counts what it cannot show.
   */
  async setSpaceHidden(spaceId: string, hiddenAt: Date | null): Promise<void> {
    // Each direction names the rows it changes, so the partial index of either side finds them.
    const changed = hiddenAt === null ? 'hidden_at IS NOT NULL' : 'hidden_at IS NULL';
    await this.db.query(
      `WITH targets AS (UPDATE comment_targets SET hidden = $2::timestamptz IS NOT NULL WHERE space_id = $1)
       UPDATE comments SET hidden_at = $2 WHERE space_id = $1 AND ${changed}`,
      [spaceId, hiddenAt],
    );
  }
}

/** Mentions of a body just written, all new, and their `mentionCreated` events (`newMentions`). */
export interface NewMentions {
  rows: Array<{ id: string; userId: string }>;
  mentionedBy: string;
  at: Date;
  events: Array<{ id: string; type: string; payload: object }>;
}

/**
 * CTEs `mentions` (the rows) and `mention_events` (their outbox rows) for a body just written,
 * their parameters appended to `params`; none without mentions. `when` gates both on the body's
 * own insert having happened.
 */
function mentionParts(params: unknown[], commentId: string, replyId: string, mentions: NewMentions | undefined, when = 'true'): string[] {
  if (!mentions || mentions.rows.length === 0) return [];
  const from = params.length + 1;
  params.push(...mentionValues(commentId, replyId, mentions));
  return mentionSql(from, when);
}

/** The parameters of `mentionSql`, in its order. */
function mentionValues(commentId: string, replyId: string, mentions: NewMentions): unknown[] {
  return [
    commentId,
    replyId,
    mentions.mentionedBy,
    mentions.at,
    mentions.rows.map((m) => m.id),
    mentions.rows.map((m) => m.userId),
    mentions.events.map((e) => e.id),
    mentions.events.map((e) => e.type),
    mentions.events.map((e) => JSON.stringify(e.payload)),
  ];
}

/** The CTEs of `mentionParts`, their parameters (`mentionValues`) numbered from `$<from>`. */
function mentionSql(from: number, when: string): string[] {
  const p = (n: number) => `$${from + n - 1}`;
  return [
    `mentions AS (
         INSERT INTO comment_mentions (id, comment_id, reply_id, user_id, mentioned_by, created_at)
         SELECT m.id, ${p(1)}::text, ${p(2)}::text, m.user_id, ${p(3)}::text, ${p(4)}::timestamptz
         FROM unnest(${p(5)}::text[], ${p(6)}::text[]) AS m(id, user_id)
         WHERE ${when}
       )`,
    `mention_events AS (
         INSERT INTO outbox (id, type, payload)
         SELECT * FROM unnest(${p(7)}::text[], ${p(8)}::text[], ${p(9)}::jsonb[])
         WHERE ${when}
         RETURNING id, type, payload
       )`,
  ];
}

/** `insertCounted`'s statement, with or without mentions, built once each (the same string reaches the prepared statement). */
const INSERT_COUNTED_SQL = new Map<boolean, string>();

function insertCountedSql(mentioned: boolean): string {
  const known = INSERT_COUNTED_SQL.get(mentioned);
  if (known) return known;
  const columns = COMMENT_INSERT_COLUMNS.split(',').length;
  const comment = `comment AS (
         INSERT INTO comments (${COMMENT_INSERT_COLUMNS}) VALUES (${Array.from({ length: columns }, (_, i) => `$${i + 1}`).join(', ')})
       )`;
  const mentionCtes = mentioned ? mentionSql(columns + 1, 'true') : [];
  const target = bumpTargetSql(columns + 1 + (mentioned ? MENTION_PARAMS : 0));
  const outbox = mentioned ? ['added', 'mention_events'] : ['added'];
  const sql = `WITH ${[comment, ...mentionCtes, target].join(', ')} SELECT ${announced(outbox)}`;
  INSERT_COUNTED_SQL.set(mentioned, sql);
  return sql;
}

/** How many parameters `mentionValues` gives. */
const MENTION_PARAMS = 9;

/**
 * The relay's wake-up carrying the outbox rows the statement wrote (the CTEs named, each returning
 * `id, type, payload`), sent only when it wrote one: the relay publishes them from the notification
 * instead of reading the table back (`outboxAnnounceSql`). A plain wake-up cost the relay a read of
 * the table (and its plan) for every comment.
 */
function announced(outboxParts: string[]): string {
  const written = `(${outboxParts.map((part) => `SELECT id, type, payload FROM ${part}`).join(' UNION ALL ')})`;
  return `${outboxAnnounceSql(written)} WHERE EXISTS (SELECT 1 FROM ${written} w)`;
}

/** The count event of a target, its `open` and `version` filled in by the statement that bumps them. */
export interface CountEventRow {
  id: string;
  type: string;
  payload: object;
}

const COMMENT_INSERT_COLUMNS = `id, organization_id, space_id, change_request_id, revision_id, target_page, target_node,
  table_record, table_definition, author_id, author, body_markdown, body_document, posted_at`;

function commentParams(c: CommentRow): unknown[] {
  return [
    c.id,
    c.organizationId,
    c.spaceId,
    c.changeRequestId,
    c.revisionId,
    c.targetPage,
    c.targetNode,
    c.tableRecord,
    c.tableDefinition,
    c.authorId,
    JSON.stringify(c.author),
    c.bodyMarkdown,
    JSON.stringify(c.bodyDocument),
    c.postedAt,
  ];
}

/** How a change moves a target's counts: open comments, and all of them (`comment_count`). */
export interface CountDelta {
  open: number;
  total: number;
}

/** A list's count from the target's stored counts, by status (hidden comments included, so a hidden target counts 0). */
const STORED_COUNTS: Record<CommentFilter['status'], string> = {
  all: 'comment_count',
  open: 'open_count',
  resolved: 'comment_count - open_count',
};

/** A comment of a list with its repliers and reactions; its key comes from the target listed, its organization is not read. */
export type ListedComment = Omit<CommentRow, 'organizationId'> & {
  repliers: Array<Omit<ReplierRow, 'commentId'>> | null;
  reactions: Array<Omit<ReactionRow, 'commentId'>> | null;
};

type ListedCommentRow = ListedComment & { count: number };

/** The columns of a listed comment (`ListedComment` less its key). */
const listedColumns = (document: boolean) => `id, revision_id AS "revisionId", target_page AS "targetPage", target_node AS "targetNode",
  table_record AS "tableRecord", table_definition AS "tableDefinition", author_id AS "authorId", author,
  body_markdown AS "bodyMarkdown", ${document ? 'body_document' : 'NULL::jsonb'} AS "bodyDocument", posted_at AS "postedAt",
  edited_at AS "editedAt", resolved_at AS "resolvedAt", resolved_by AS "resolvedBy"`;

/** List statements by shape: a shape's text is built once, and reaches Postgres (and its prepared statement) as the same string. */
const LIST_STATEMENTS = new Map<string, { sql: string; countSql: string }>();

/**
 * The list statement of a filter's shape (`CommentsRepository.list`), numbered $1 space, $2 change
 * request, then the target page and the authors when filtered, the cursor's two after them, the limit last.
 *
 * The page's repliers and reactions are each read by ONE grouped scan of the page's comments,
 * joined to them by id: per-comment subqueries ran their plan once per row (42 runs for a page of
 * 20), which was half of the statement's CPU in Postgres even with no reply or reaction at all.
 */
function listStatement(filter: CommentFilter, paged: boolean, documents: boolean): { sql: string; countSql: string } {
  const shape = [filter.status, filter.order, filter.targetPage !== undefined, filter.authors !== undefined, paged, documents].join();
  const known = LIST_STATEMENTS.get(shape);
  if (known) return known;
  let n = 2;
  const where = ['space_id = $1', 'change_request_id = $2', 'hidden_at IS NULL'];
  if (filter.status === 'open') where.push('resolved_at IS NULL');
  if (filter.status === 'resolved') where.push('resolved_at IS NOT NULL');
  if (filter.targetPage !== undefined) where.push(`target_page = $${++n}`);
  if (filter.authors !== undefined) where.push(`author_id = ANY($${++n}::text[])`);
  const stored = filter.targetPage === undefined && filter.authors === undefined;
  const countSql = stored
    ? `SELECT coalesce((SELECT CASE WHEN hidden THEN 0 ELSE ${STORED_COUNTS[filter.status]} END FROM comment_targets
         WHERE space_id = $1 AND change_request_id = $2), 0)::int AS count`
    : `SELECT count(*)::int AS count FROM comments WHERE ${where.join(' AND ')}`;
  const pageWhere = [...where];
  const direction = filter.order === 'asc' ? 'ASC' : 'DESC';
  if (paged) {
    pageWhere.push(`(posted_at, id) ${filter.order === 'asc' ? '>' : '<'} ($${n + 1}::timestamptz, $${n + 2})`);
    n += 2;
  }
  const takeParam = `$${n + 1}`;
  // A first page shorter than `take` holds every match: its length is the count, and the count
  // subquery (an initplan, run only when its CASE branch is taken) is skipped.
  const count =
    stored || paged
      ? `(${countSql})`
      : `CASE WHEN (SELECT count(*) FROM page) < ${takeParam} THEN (SELECT count(*)::int FROM page) ELSE (${countSql}) END`;
  const sql = `WITH page AS MATERIALIZED (
         SELECT ${listedColumns(documents)} FROM comments WHERE ${pageWhere.join(' AND ')}
         ORDER BY posted_at ${direction}, id ${direction} LIMIT ${takeParam}
       ), replied AS (
         SELECT r.comment_id, json_agg(json_build_object('user', r."user", 'count', r.count, 'updatedAt', r."updatedAt")
                  ORDER BY r."updatedAt" DESC) AS repliers
         FROM (
           SELECT comment_id, (array_agg(author ORDER BY posted_at DESC))[1] AS "user", count(*)::int AS count, max(posted_at) AS "updatedAt"
           FROM comment_replies WHERE comment_id IN (SELECT id FROM page) GROUP BY comment_id, author_id
         ) r GROUP BY r.comment_id
       ), reacted AS (
         SELECT comment_id, json_agg(json_build_object('replyId', '', 'emoji', emoji, 'userId', user_id, 'user', "user", 'reactedAt', reacted_at)
                  ORDER BY reacted_at, emoji COLLATE "C", user_id) AS reactions
         FROM comment_reactions WHERE comment_id IN (SELECT id FROM page) AND reply_id = '' GROUP BY comment_id
       )
       SELECT p.*, ${count} AS count, replied.repliers, reacted.reactions
       FROM page p LEFT JOIN replied ON replied.comment_id = p.id LEFT JOIN reacted ON reacted.comment_id = p.id
       ORDER BY p."postedAt" ${direction}, p.id ${direction}`;
  const statement = { sql, countSql };
  LIST_STATEMENTS.set(shape, statement);
  return statement;
}

/**
 * CTEs `target` (the target's version and counts bumped) and `added` (its count event in the
 * outbox, with the new open count and version), their parameters numbered from `$<from>` (`bumpTargetParams`).
 */
function bumpTargetSql(from: number): string {
  const p = (n: number) => `$${from + n - 1}`;
  return `target AS (
         INSERT INTO comment_targets (space_id, change_request_id, organization_id, version, open_count, comment_count)
         VALUES (${p(1)}, ${p(2)}, ${p(3)}, 1, ${p(4)}::int, ${p(5)}::int)
         ON CONFLICT (space_id, change_request_id) DO UPDATE
           SET version = comment_targets.version + 1, organization_id = ${p(3)},
               open_count = comment_targets.open_count + ${p(4)}::int, comment_count = comment_targets.comment_count + ${p(5)}::int
         RETURNING version, open_count
       ), added AS (
         INSERT INTO outbox (id, type, payload)
         SELECT ${p(6)}, ${p(7)}, ${p(8)}::jsonb || jsonb_build_object('open', open_count, 'version', version) FROM target
         RETURNING id, type, payload
       )`;
}

function bumpTargetParams(target: TargetKey, organizationId: string, delta: CountDelta, event: CountEventRow): unknown[] {
  return [
    target.spaceId,
    target.changeRequestId,
    organizationId,
    delta.open,
    delta.total,
    event.id,
    event.type,
    JSON.stringify(event.payload),
  ];
}
