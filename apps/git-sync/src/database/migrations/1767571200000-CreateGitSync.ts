import { JOBS_TABLE_SQL, OUTBOX_TABLE_SQL } from '@bindery/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox, the jobs table of the worker, and one sync state per space: the repository (URL
 * without credentials), the last applied event's timestamp (orders imports and exports), the
 * revision the last sync produced or read, and the ids given to git paths (so a page keeps its
 * id across imports and a re-import writes only what changed).
 */
export class CreateGitSync1767571200000 implements MigrationInterface {
  name = 'CreateGitSync1767571200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(OUTBOX_TABLE_SQL);
    for (const sql of JOBS_TABLE_SQL) await q.query(sql);
    await q.query(`CREATE TABLE sync_states (
  space_id text PRIMARY KEY,
  organization_id text NOT NULL,
  repo_url text NOT NULL,
  repo_name text NOT NULL,
  provider text NOT NULL,
  tree_url text,
  last_timestamp timestamptz(3),
  last_revision_id text,
  last_commit text,
  paths jsonb NOT NULL DEFAULT '{}'::jsonb,
  last_job_id text,
  legacy_installation boolean NOT NULL DEFAULT false,
  webhook_secret text,
  updated_at timestamptz(3) NOT NULL DEFAULT now()
)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE sync_states');
    await q.query('DROP TABLE jobs');
    await q.query('DROP TABLE outbox');
  }
}
