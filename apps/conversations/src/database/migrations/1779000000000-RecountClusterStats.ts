import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Earlier versions counted clusters by increments, which drifted (weekly counts written under the
 * id of a cluster merged away in the same batch, issues without a cluster). Processing now
 * recounts what it touches from the issues; this recounts every cluster once, so stored counts of
 * clusters no later batch touches are exact too. Self-contained SQL: it must not follow later code.
 */
export class RecountClusterStats1779000000000 implements MigrationInterface {
  name = 'RecountClusterStats1779000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`WITH per_source AS (
       SELECT i.cluster_id, c.source, count(*)::int AS issues, array_agg(DISTINCT i.conversation_id) AS conversation_ids
         FROM issues i JOIN conversations c ON c.organization_id = i.organization_id AND c.id = i.conversation_id
        WHERE i.cluster_id IS NOT NULL
        GROUP BY i.cluster_id, c.source
     ), per_cluster AS (
       SELECT cluster_id, sum(issues)::int AS issues, sum(cardinality(conversation_ids))::int AS conversations,
              jsonb_object_agg(source, issues) AS sources
         FROM per_source GROUP BY cluster_id
     )
     UPDATE clusters k SET issues = p.issues, conversations = p.conversations, sources = p.sources
       FROM per_cluster p WHERE k.id = p.cluster_id`);
    await q.query('DELETE FROM cluster_weeks');
    await q.query(`INSERT INTO cluster_weeks (cluster_id, week, issues)
      SELECT cluster_id, date_trunc('week', created_at AT TIME ZONE 'UTC')::date AS week, count(*)::int FROM issues
       WHERE cluster_id IS NOT NULL GROUP BY cluster_id, week`);
    // The version every worker's cached clusters carry: changed, so they read the recounted rows.
    await q.query("UPDATE organization_state SET version = 'recounted-1779000000000'");
  }

  async down(): Promise<void> {
    // Nothing to undo: the counts are what the issues say.
  }
}
