import type { ClusterListInput, ClusterSort } from '@bindery/contracts';
import { enqueueJob, type KeysetPage } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MERGE_CHECK_FROM } from '../engine/online-clusterer';
import { PROCESS_JOB, type ProcessPayload } from '../processing/process.job';
import type { ClusterRow, ConversationRow, IssueRow, NewConversation } from './conversation-rows';

const CONVERSATION_COLUMNS =
  'organization_id, id, seq::text AS seq, source, subject, url, attributes, parts, created_at, ingested_at, processed_at';
const ISSUE_COLUMNS = 'i.id, i.seq::text AS seq, i.conversation_id, i.title, i.summary, i.cluster_id, i.created_at, i.ingested_at';
const CLUSTER_COLUMNS = 'id, label, summary, icon, issues, conversations, sources, created_at, updated_at';

/** Sort columns of the cluster list; the task counters are always 0 here (no tasks), so they sort by id. */
const CLUSTER_SORT_COLUMN: Record<ClusterSort, string | null> = {
  updatedAt: 'updated_at',
  issues: 'issues',
  conversations: 'conversations',
  tasksTotal: null,
  tasksBacklog: null,
  tasksStarted: null,
};

type ClusterStatus = NonNullable<ClusterListInput['status']>;
const WAITING = 'EXISTS (SELECT 1 FROM conversations w WHERE w.organization_id = $1 AND w.processed_at IS NULL)';
/** SQL conditions of the statuses (see `clusters`); `$1` is the organization. */
const CLUSTER_STATUS_FILTER: Record<ClusterStatus, string> = {
  pending: `AND issues < ${MERGE_CHECK_FROM}`,
  analysing: `AND issues >= ${MERGE_CHECK_FROM} AND ${WAITING}`,
};

@Injectable()
export class ConversationsRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * Stores the conversations not stored yet (the first ingestion of an id wins), in one statement:
   * no transaction, no job row (the processing trigger queues one per organization and window).
   * Returns the ids that were new and the content hashes already stored for the others.
   */
  async ingest(
    organizationId: string,
    conversations: NewConversation[],
  ): Promise<{ inserted: Set<string>; existing: Map<string, string> }> {
    const rows = await this.db.query<Array<{ id: string }>>(
      `INSERT INTO conversations (organization_id, id, source, subject, url, attributes, parts, content_hash, created_at)
       SELECT $1, id, source, subject, url, attributes, parts, content_hash, created_at
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[], $7::jsonb[], $8::text[], $9::timestamptz[])
           WITH ORDINALITY AS t(id, source, subject, url, attributes, parts, content_hash, created_at, n)
        ORDER BY n
       ON CONFLICT (organization_id, id) DO NOTHING RETURNING id`,
      [
        organizationId,
        conversations.map((c) => c.id),
        conversations.map((c) => c.source),
        conversations.map((c) => c.subject),
        conversations.map((c) => c.url),
        conversations.map((c) => JSON.stringify(c.attributes)),
        conversations.map((c) => JSON.stringify(c.parts)),
        conversations.map((c) => c.contentHash),
        conversations.map((c) => c.createdAt.toISOString()),
      ],
    );
    const inserted = new Set(rows.map((r) => r.id));
    const others = conversations.filter((c) => !inserted.has(c.id)).map((c) => c.id);
    const existing = new Map<string, string>();
    if (others.length > 0) {
      const found = await this.db.query<Array<{ id: string; content_hash: string }>>(
        'SELECT id, content_hash FROM conversations WHERE organization_id = $1 AND id = ANY($2)',
        [organizationId, others],
      );
      for (const row of found) existing.set(row.id, row.content_hash);
    }
    return { inserted, existing };
  }

  /** Queues the organization's processing job of this id (a known id is not queued again). */
  async queueProcessing(organizationId: string, jobId: string): Promise<void> {
    await enqueueJob(this.db.manager, PROCESS_JOB, { organizationId } satisfies ProcessPayload, { jobId });
  }

  /** Organizations with a conversation waiting since before `before` (the sweep's work). */
  async waitingSince(before: Date, limit: number): Promise<string[]> {
    const rows = await this.db.query<Array<{ organization_id: string }>>(
      `SELECT DISTINCT organization_id FROM conversations WHERE processed_at IS NULL AND ingested_at < $1 LIMIT $2`,
      [before.toISOString(), limit],
    );
    return rows.map((r) => r.organization_id);
  }

  async conversation(organizationId: string, id: string): Promise<ConversationRow | undefined> {
    const [row] = await this.db.query<ConversationRow[]>(
      `SELECT ${CONVERSATION_COLUMNS} FROM conversations WHERE organization_id = $1 AND id = $2`,
      [organizationId, id],
    );
    return row;
  }

  /** Newest first (ingestion order), optionally one source. */
  async conversations(
    organizationId: string,
    source: string | undefined,
    page: KeysetPage,
  ): Promise<{ rows: ConversationRow[]; count: number }> {
    const params: unknown[] = [organizationId, source ?? null, page.take];
    let after = '';
    if (page.after) {
      params.push(String(page.after[0]));
      after = `AND seq < $${params.length}::bigint`;
    }
    const rows = await this.db.query<ConversationRow[]>(
      `SELECT ${CONVERSATION_COLUMNS} FROM conversations
        WHERE organization_id = $1 AND ($2::text IS NULL OR source = $2) ${after} ORDER BY seq DESC LIMIT $3`,
      params,
    );
    const [{ count }] = await this.db.query<Array<{ count: number }>>(
      'SELECT count(*)::int AS count FROM conversations WHERE organization_id = $1 AND ($2::text IS NULL OR source = $2)',
      [organizationId, source ?? null],
    );
    return { rows, count };
  }

  /** Conversations by id, for embedding in issue lists. */
  async conversationsByIds(organizationId: string, ids: string[]): Promise<Map<string, ConversationRow>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.query<ConversationRow[]>(
      `SELECT ${CONVERSATION_COLUMNS} FROM conversations WHERE organization_id = $1 AND id = ANY($2)`,
      [organizationId, ids],
    );
    return new Map(rows.map((r) => [r.id, r]));
  }

  async issue(organizationId: string, id: string): Promise<IssueRow | undefined> {
    const [row] = await this.db.query<IssueRow[]>(`SELECT ${ISSUE_COLUMNS} FROM issues i WHERE i.organization_id = $1 AND i.id = $2`, [
      organizationId,
      id,
    ]);
    return row;
  }

  /** Newest first, optionally of one cluster and/or one conversation. */
  async issues(
    organizationId: string,
    filter: { clusterId?: string; conversationId?: string },
    page: KeysetPage,
  ): Promise<{ rows: IssueRow[]; count: number }> {
    const where = 'i.organization_id = $1 AND ($2::text IS NULL OR i.cluster_id = $2) AND ($3::text IS NULL OR i.conversation_id = $3)';
    const params: unknown[] = [organizationId, filter.clusterId ?? null, filter.conversationId ?? null, page.take];
    let after = '';
    if (page.after) {
      params.push(String(page.after[0]));
      after = `AND i.seq < $${params.length}::bigint`;
    }
    const rows = await this.db.query<IssueRow[]>(
      `SELECT ${ISSUE_COLUMNS} FROM issues i WHERE ${where} ${after} ORDER BY i.seq DESC LIMIT $4`,
      params,
    );
    const [{ count }] = await this.db.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM issues i WHERE ${where}`,
      params.slice(0, 3),
    );
    return { rows, count };
  }

  /** A cluster by its id or by the id of a cluster merged into it. */
  async cluster(organizationId: string, id: string): Promise<ClusterRow | undefined> {
    const [row] = await this.db.query<ClusterRow[]>(
      `SELECT ${CLUSTER_COLUMNS} FROM clusters
        WHERE organization_id = $1 AND id = COALESCE((SELECT cluster_id FROM cluster_aliases WHERE alias = $2 AND organization_id = $1), $2)`,
      [organizationId, id],
    );
    return row;
  }

  /** The id a cluster id resolves to now (itself, or the cluster it was merged into), or undefined. */
  async resolveClusterId(organizationId: string, id: string): Promise<string | undefined> {
    return (await this.cluster(organizationId, id))?.id;
  }

  /**
   * The organization's clusters, optionally of one status (none is stored: it follows from the
   * cluster and the organization's processing):
   * - `pending`: fewer issues than the first merge check (`MERGE_CHECK_FROM`), so not analysed
   *   yet: the label is its first issue's and it may still be merged into another cluster;
   * - `analysing`: analysed before, and the organization has conversations still waiting to be
   *   processed, so its issues, label and merges are still changing.
   */
  async clusters(
    organizationId: string,
    sort: ClusterSort,
    order: 'asc' | 'desc',
    page: KeysetPage,
    status?: ClusterStatus,
  ): Promise<{ rows: ClusterRow[]; count: number }> {
    const column = CLUSTER_SORT_COLUMN[sort];
    const direction = order === 'asc' ? 'ASC' : 'DESC';
    const comparison = order === 'asc' ? '>' : '<';
    const params: unknown[] = [organizationId, page.take];
    let after = '';
    if (page.after && column) {
      params.push(page.after[0], page.after[1]);
      const cast = column === 'updated_at' ? '::timestamptz' : '::int';
      after = `AND (${column}, id) ${comparison} ($3${cast}, $4::text)`;
    } else if (page.after) {
      params.push(page.after[1]);
      after = `AND id ${comparison} $3::text`;
    }
    const orderBy = column ? `${column} ${direction}, id ${direction}` : `id ${direction}`;
    const filter = status ? CLUSTER_STATUS_FILTER[status] : '';
    const rows = await this.db.query<ClusterRow[]>(
      `SELECT ${CLUSTER_COLUMNS} FROM clusters WHERE organization_id = $1 ${filter} ${after} ORDER BY ${orderBy} LIMIT $2`,
      params,
    );
    const [{ count }] = await this.db.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM clusters WHERE organization_id = $1 ${filter}`,
      [organizationId],
    );
    return { rows, count };
  }

  /** Issues per cluster and week since `fromWeek` (a Monday, `YYYY-MM-DD`). */
  async weeks(clusterIds: string[], fromWeek: string): Promise<Array<{ cluster_id: string; week: string; issues: number }>> {
    if (clusterIds.length === 0) return [];
    return this.db.query(
      `SELECT cluster_id, to_char(week, 'YYYY-MM-DD') AS week, issues FROM cluster_weeks WHERE cluster_id = ANY($1) AND week >= $2::date`,
      [clusterIds, fromWeek],
    );
  }
}
