import { JOBS_TABLE_SQL, OUTBOX_TABLE_SQL } from '@bindery/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Conversations as ingested (processed once, in `seq` order per organization), the issues
 * extracted from them, the clusters with their running centroid (sum of unit vectors, float32),
 * per-week issue counts for the pulse, and the aliases merges leave behind.
 */
export class CreateConversations1767571200000 implements MigrationInterface {
  name = 'CreateConversations1767571200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(OUTBOX_TABLE_SQL);
    for (const sql of JOBS_TABLE_SQL) await q.query(sql);
    await q.query(`CREATE TABLE conversations (
      organization_id text NOT NULL,
      id text NOT NULL,
      seq bigserial NOT NULL,
      source text NOT NULL,
      subject text,
      url text,
      attributes jsonb NOT NULL DEFAULT '{}',
      parts jsonb NOT NULL,
      content_hash text NOT NULL,
      created_at timestamptz(3) NOT NULL,
      ingested_at timestamptz(3) NOT NULL DEFAULT now(),
      processed_at timestamptz(3),
      skipped text,
      PRIMARY KEY (organization_id, id)
    )`);
    await q.query('CREATE UNIQUE INDEX conversations_seq ON conversations (seq)');
    await q.query('CREATE INDEX conversations_pending ON conversations (organization_id, seq) WHERE processed_at IS NULL');
    await q.query('CREATE INDEX conversations_list ON conversations (organization_id, seq)');
    await q.query('CREATE INDEX conversations_by_source ON conversations (organization_id, source, seq)');
    await q.query(`CREATE TABLE clusters (
      id text PRIMARY KEY,
      organization_id text NOT NULL,
      seq integer NOT NULL,
      label text NOT NULL,
      label_similarity real NOT NULL,
      summary text NOT NULL,
      icon text NOT NULL,
      centroid_sum bytea NOT NULL,
      issues integer NOT NULL,
      conversations integer NOT NULL,
      sources jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz(3) NOT NULL,
      updated_at timestamptz(3) NOT NULL
    )`);
    await q.query('CREATE INDEX clusters_org_updated ON clusters (organization_id, updated_at, id)');
    await q.query('CREATE INDEX clusters_org_issues ON clusters (organization_id, issues, id)');
    await q.query('CREATE INDEX clusters_org_conversations ON clusters (organization_id, conversations, id)');
    await q.query(`CREATE TABLE cluster_aliases (
      alias text PRIMARY KEY,
      cluster_id text NOT NULL,
      organization_id text NOT NULL
    )`);
    await q.query(`CREATE TABLE cluster_weeks (
      cluster_id text NOT NULL,
      week date NOT NULL,
      issues integer NOT NULL,
      PRIMARY KEY (cluster_id, week)
    )`);
    await q.query(`CREATE TABLE issues (
      id text PRIMARY KEY,
      organization_id text NOT NULL,
      conversation_id text NOT NULL,
      ordinal integer NOT NULL,
      seq bigserial NOT NULL,
      title text NOT NULL,
      summary text NOT NULL,
      cluster_id text,
      created_at timestamptz(3) NOT NULL,
      ingested_at timestamptz(3) NOT NULL,
      UNIQUE (organization_id, conversation_id, ordinal)
    )`);
    await q.query('CREATE INDEX issues_list ON issues (organization_id, seq)');
    await q.query('CREATE INDEX issues_by_cluster ON issues (organization_id, cluster_id, seq)');
    await q.query('CREATE INDEX issues_by_conversation ON issues (organization_id, conversation_id, seq)');
    // `version` changes with every processed batch: a worker whose cached clusters carry it is current.
    await q.query(`CREATE TABLE organization_state (
      organization_id text PRIMARY KEY,
      version text NOT NULL DEFAULT ''
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'organization_state',
      'issues',
      'cluster_weeks',
      'cluster_aliases',
      'clusters',
      'conversations',
      'jobs',
      'outbox',
    ]) {
      await q.query(`DROP TABLE ${table}`);
    }
  }
}
