import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { BatchResult, ClusterRecord, PendingConversation } from '../engine/process-batch';

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
   * returns the organization's clustering version, creating its row on first use.
   */
  async lock(tx: EntityManager, organizationId: string): Promise<{ version: string }> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('conversations.process'), hashtext($1))`, [organizationId]);
    await tx.query('INSERT INTO organization_state (organization_id) VALUES ($1) ON CONFLICT DO NOTHING', [organizationId]);
    const [row] = await tx.query<Array<{ version: string }>>('SELECT version FROM organization_state WHERE organization_id = $1', [
      organizationId,
    ]);
    return { version: row.version };
  }

  async pending(tx: EntityManager, organizationId: string, limit: number): Promise<PendingConversation[]> {
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
        WHERE organization_id = $1 AND processed_at IS NULL ORDER BY seq LIMIT $2`,
      [organizationId, limit],
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

  async clusters(tx: EntityManager, organizationId: string): Promise<ClusterRecord[]> {
    const rows = await tx.query<ClusterRow[]>(
      `SELECT id, seq, label, label_similarity, summary, icon, centroid_sum, issues, conversations, sources, created_at, updated_at
         FROM clusters WHERE organization_id = $1`,
      [organizationId],
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
  async save(tx: EntityManager, organizationId: string, processed: string[], result: BatchResult, version: string): Promise<void> {
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
        `INSERT INTO clusters (id, organization_id, seq, label, label_similarity, summary, icon, centroid_sum, issues, conversations, sources, created_at, updated_at)
         SELECT id, $1, seq, label, label_similarity, summary, icon, centroid_sum, issues, conversations, sources, created_at, updated_at
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
        ],
      );
    }
    if (result.weeks.length > 0) {
      await tx.query(
        `INSERT INTO cluster_weeks (cluster_id, week, issues)
         SELECT cluster_id, week, issues FROM unnest($1::text[], $2::date[], $3::int[]) AS t(cluster_id, week, issues)
         ON CONFLICT (cluster_id, week) DO UPDATE SET issues = cluster_weeks.issues + EXCLUDED.issues`,
        [result.weeks.map((w) => w.clusterId), result.weeks.map((w) => w.week), result.weeks.map((w) => w.issues)],
      );
    }
    if (result.merges.length > 0) {
      const counts = await this.recountConversations(tx, [...new Set(result.merges.map((m) => m.into))]);
      for (const cluster of clusters) cluster.conversations = counts.get(cluster.id) ?? cluster.conversations;
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

  /** Folds cluster `from` into `into`: issues and weekly counts move, `from` (and its aliases) resolve to `into`. */
  private async merge(tx: EntityManager, organizationId: string, from: string, into: string): Promise<void> {
    await tx.query('UPDATE issues SET cluster_id = $2 WHERE organization_id = $3 AND cluster_id = $1', [from, into, organizationId]);
    await tx.query(
      `INSERT INTO cluster_weeks (cluster_id, week, issues) SELECT $2, week, issues FROM cluster_weeks WHERE cluster_id = $1
       ON CONFLICT (cluster_id, week) DO UPDATE SET issues = cluster_weeks.issues + EXCLUDED.issues`,
      [from, into],
    );
    await tx.query('DELETE FROM cluster_weeks WHERE cluster_id = $1', [from]);
    await tx.query('UPDATE cluster_aliases SET cluster_id = $2 WHERE cluster_id = $1', [from, into]);
    await tx.query(
      'INSERT INTO cluster_aliases (alias, cluster_id, organization_id) VALUES ($1, $2, $3) ON CONFLICT (alias) DO UPDATE SET cluster_id = $2',
      [from, into, organizationId],
    );
    await tx.query('DELETE FROM clusters WHERE id = $1', [from]);
  }

  /** A conversation with issues in two merged clusters counts once in the survivor. */
  private async recountConversations(tx: EntityManager, clusterIds: string[]): Promise<Map<string, number>> {
    const rows = await tx.query<Array<{ id: string; conversations: number }>>(
      `UPDATE clusters c SET conversations = n.count
         FROM (SELECT cluster_id, count(DISTINCT conversation_id)::int AS count FROM issues WHERE cluster_id = ANY($1) GROUP BY cluster_id) n
        WHERE c.id = n.cluster_id RETURNING c.id, c.conversations`,
      [clusterIds],
    );
    return new Map(rows.map((r) => [r.id, r.conversations]));
  }
}

export const toBytes = (values: Float32Array): Buffer => Buffer.from(values.buffer, values.byteOffset, values.byteLength);

export function toFloats(bytes: Buffer): Float32Array {
  const out = new Float32Array(bytes.byteLength / 4);
  new Uint8Array(out.buffer).set(bytes);
  return out;
}
