import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { BatchResult, ClusterRecord, PendingConversation } from '../engine/process-batch';

interface ClusterCounts {
  issues: number;
  conversations: number;
  /** Issues per conversation source. */
  sources: Record<string, number>;
}

/** Monday (UTC) of an issue's week, as `weekOf` computes it in the engine. */
const ISSUE_WEEK = "date_trunc('week', i.created_at AT TIME ZONE 'UTC')::date";

interface ClusterRow {
  id: string;
  seq: number;
  label: string;
  label_similarity: number;
  summary: string;
  icon: string;
  centroid_sum: Buffer;
  issues: number;
  conversations: number;
  sources: Record<string, number>;
  created_at: Date;
  updated_at: Date;
}

/** Data access of the processing job; every method runs in the job's transaction. */
@Injectable()
export class ProcessingRepository {
  /**
   * Serialises processing per organization (online clustering is sequential by nature) and
   * returns the organization's clustering version and its embedding endpoint (null: built-in
   * vectors), creating its row on first use.
   */
  async lock(tx: EntityManager, organizationId: string): Promise<{ version: string; embeddings: string | null }> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('conversations.process'), hashtext($1))`, [organizationId]);
    await tx.query('INSERT INTO organization_state (organization_id) VALUES ($1) ON CONFLICT DO NOTHING', [organizationId]);
    const [row] = await tx.query<Array<{ version: string; embeddings: string | null }>>(
      'SELECT version, embeddings FROM organization_state WHERE organization_id = $1',
      [organizationId],
    );
    return { version: row.version, embeddings: row.embeddings };
  }

  /** The organization's embedding endpoint (null: built-in vectors), read without its lock. */
  async embeddings(db: EntityManager, organizationId: string): Promise<string | null> {
    const [row] = await db.query<Array<{ embeddings: string | null }>>(
      'SELECT embeddings FROM organization_state WHERE organization_id = $1',
      [organizationId],
    );
    return row?.embeddings ?? null;
  }

  /**
   * The organization's oldest waiting conversations, in ingestion order; with `only`, just those of
   * these ids still waiting (the ones whose vectors were computed before the lock).
   */
  async pending(tx: EntityManager, organizationId: string, limit: number, only?: string[]): Promise<PendingConversation[]> {
    const rows = await tx.query<
      Array<{
        id: string;
        source: string;
        subject: string | null;
        parts: PendingConversation['parts'];
        created_at: Date;
        ingested_at: Date;
      }>
    >(
      `SELECT id, source, subject, parts, created_at, ingested_at FROM conversations
        WHERE organization_id = $1 AND processed_at IS NULL AND ($3::text[] IS NULL OR id = ANY($3)) ORDER BY seq LIMIT $2`,
      [organizationId, limit, only ?? null],
    );
    return rows.map((r) => ({
      id: r.id,
      source: r.source,
      subject: r.subject,
      parts: r.parts,
      createdAt: r.created_at,
      ingestedAt: r.ingested_at,
    }));
  }

  /** The organization's clusters in one vector space (centroids of another space are never compared). */
  async clusters(tx: EntityManager, organizationId: string, vectorSpace: string): Promise<ClusterRecord[]> {
    const rows = await tx.query<ClusterRow[]>(
      `SELECT id, seq, label, label_similarity, summary, icon, centroid_sum, issues, conversations, sources, created_at, updated_at
         FROM clusters WHERE organization_id = $1 AND vector_space = $2`,
      [organizationId, vectorSpace],
    );
    return rows.map((r) => ({
      id: r.id,
      seq: r.seq,
      sum: toFloats(r.centroid_sum),
      count: r.issues,
      label: r.label,
      labelSimilarity: r.label_similarity,
      summary: r.summary,
      icon: r.icon,
      conversations: r.conversations,
      sources: r.sources,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    }));
  }

  /** Writes a processed batch: issues, clusters, weekly counts, merges (aliases), processed marks. */
  async save(
    tx: EntityManager,
    organizationId: string,
    processed: string[],
    result: BatchResult,
    version: string,
    vectorSpace: string,
  ): Promise<void> {
    const { issues } = result;
    if (issues.length > 0) {
      await tx.query(
        `INSERT INTO issues (id, organization_id, conversation_id, ordinal, title, summary, cluster_id, created_at, ingested_at)
         SELECT id, $1, conversation_id, ordinal, title, summary, cluster_id, created_at, ingested_at
           FROM unnest($2::text[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::timestamptz[], $9::timestamptz[])
             AS t(id, conversation_id, ordinal, title, summary, cluster_id, created_at, ingested_at)
          ORDER BY conversation_id, ordinal`,
        [
          organizationId,
          issues.map((i) => i.id),
          issues.map((i) => i.conversationId),
          issues.map((i) => i.ordinal),
          issues.map((i) => i.title),
          issues.map((i) => i.summary),
          issues.map((i) => i.clusterId),
          issues.map((i) => i.createdAt.toISOString()),
          issues.map((i) => i.ingestedAt.toISOString()),
        ],
      );
    }
    for (const merge of result.merges) await this.merge(tx, organizationId, merge.from, merge.into);
    const clusters = result.touched;
    if (clusters.length > 0) {
      await tx.query(
        `INSERT INTO clusters (id, organization_id, vector_space, seq, label, label_similarity, summary, icon, centroid_sum, issues, conversations, sources, created_at, updated_at)
         SELECT id, $1, $14, seq, label, label_similarity, summary, icon, centroid_sum, issues, conversations, sources, created_at, updated_at
           FROM unnest($2::text[], $3::int[], $4::text[], $5::real[], $6::text[], $7::text[], $8::bytea[], $9::int[], $10::int[], $11::jsonb[], $12::timestamptz[], $13::timestamptz[])
             AS t(id, seq, label, label_similarity, summary, icon, centroid_sum, issues, conversations, sources, created_at, updated_at)
         ON CONFLICT (id) DO UPDATE SET label = EXCLUDED.label, label_similarity = EXCLUDED.label_similarity, summary = EXCLUDED.summary,
           icon = EXCLUDED.icon, centroid_sum = EXCLUDED.centroid_sum, issues = EXCLUDED.issues, conversations = EXCLUDED.conversations,
           sources = EXCLUDED.sources, updated_at = EXCLUDED.updated_at`,
        [
          organizationId,
          clusters.map((c) => c.id),
          clusters.map((c) => c.seq),
          clusters.map((c) => c.label),
          clusters.map((c) => c.labelSimilarity),
          clusters.map((c) => c.summary),
          clusters.map((c) => c.icon),
          clusters.map((c) => toBytes(c.sum)),
          clusters.map((c) => c.count),
          clusters.map((c) => c.conversations),
          clusters.map((c) => JSON.stringify(c.sources)),
          clusters.map((c) => c.createdAt.toISOString()),
          clusters.map((c) => c.updatedAt.toISOString()),
          vectorSpace,
        ],
      );
    }
    // Counts come from the stored issues, never from increments: whatever changed a cluster this
    // batch (new issues, merges), its numbers are recounted in this transaction, so they are exact.
    const recounted = await this.recount(
      tx,
      organizationId,
      clusters.map((c) => c.id),
    );
    for (const cluster of clusters) {
      const counts = recounted.get(cluster.id);
      if (!counts) continue;
      cluster.count = counts.issues;
      cluster.conversations = counts.conversations;
      cluster.sources = counts.sources;
    }
    const skipped = [...result.skipped.entries()];
    await tx.query(
      `UPDATE conversations c SET processed_at = now(), skipped = s.reason
         FROM unnest($2::text[]) AS p(id) LEFT JOIN unnest($3::text[], $4::text[]) AS s(id, reason) ON s.id = p.id
        WHERE c.organization_id = $1 AND c.id = p.id`,
      [organizationId, processed, skipped.map(([id]) => id), skipped.map(([, reason]) => reason)],
    );
    await tx.query('UPDATE organization_state SET version = $2 WHERE organization_id = $1', [organizationId, version]);
  }

  /**
   * Recounts clusters from their stored issues: `issues`, `conversations` (distinct), `sources`
   * (issues per conversation source) and the weekly rows of the pulse. Runs in the caller's
   * transaction, after the batch's issues and merges are written, so the counts a reader sees are
   * always those of the issues the same snapshot lists. Returns the new counts by cluster id.
   */
  private async recount(tx: EntityManager, organizationId: string, clusterIds: string[]): Promise<Map<string, ClusterCounts>> {
    if (clusterIds.length === 0) return new Map();
    const rows = await tx.query<Array<{ id: string } & ClusterCounts>>(
      `WITH per_source AS (
         SELECT i.cluster_id, c.source, count(*)::int AS issues, array_agg(DISTINCT i.conversation_id) AS conversation_ids
           FROM issues i JOIN conversations c ON c.organization_id = i.organization_id AND c.id = i.conversation_id
          WHERE i.organization_id = $1 AND i.cluster_id = ANY($2::text[])
          GROUP BY i.cluster_id, c.source
       ), per_cluster AS (
         -- A conversation has one source, so its issues fall in one group: distinct ids add up.
         SELECT cluster_id, sum(issues)::int AS issues, sum(cardinality(conversation_ids))::int AS conversations,
                jsonb_object_agg(source, issues) AS sources
           FROM per_source GROUP BY cluster_id
       )
       UPDATE clusters k SET issues = p.issues, conversations = p.conversations, sources = p.sources
         FROM per_cluster p
        WHERE k.id = p.cluster_id AND k.organization_id = $1
       RETURNING k.id, k.issues, k.conversations, k.sources`,
      [organizationId, clusterIds],
    );
    await tx.query('DELETE FROM cluster_weeks WHERE cluster_id = ANY($1::text[])', [clusterIds]);
    await tx.query(
      `INSERT INTO cluster_weeks (cluster_id, week, issues)
       SELECT i.cluster_id, ${ISSUE_WEEK}, count(*)::int FROM issues i
        WHERE i.organization_id = $1 AND i.cluster_id = ANY($2::text[])
        GROUP BY i.cluster_id, ${ISSUE_WEEK}`,
      [organizationId, clusterIds],
    );
    return new Map(rows.map((r) => [r.id, { issues: r.issues, conversations: r.conversations, sources: r.sources }]));
  }

  /**
   * Folds cluster `from` into `into`: issues move, `from` (and its aliases) resolve to `into`.
   * The survivor's counts and weeks are recounted with the batch's other clusters.
   */
  private async merge(tx: EntityManager, organizationId: string, from: string, into: string): Promise<void> {
    await tx.query('UPDATE issues SET cluster_id = $2 WHERE organization_id = $3 AND cluster_id = $1', [from, into, organizationId]);
    await tx.query('DELETE FROM cluster_weeks WHERE cluster_id = $1', [from]);
    await tx.query('UPDATE cluster_aliases SET cluster_id = $2 WHERE cluster_id = $1', [from, into]);
    await tx.query(
      'INSERT INTO cluster_aliases (alias, cluster_id, organization_id) VALUES ($1, $2, $3) ON CONFLICT (alias) DO UPDATE SET cluster_id = $2',
      [from, into, organizationId],
    );
    await tx.query('DELETE FROM clusters WHERE id = $1', [from]);
  }
}

export const toBytes = (values: Float32Array): Buffer => Buffer.from(values.buffer, values.byteOffset, values.byteLength);

export function toFloats(bytes: Buffer): Float32Array {
  const out = new Float32Array(bytes.byteLength / 4);
  new Uint8Array(out.buffer).set(bytes);
  return out;
}
