import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The text each page file had when it was imported, with its blob id and the hash of the page it
 * produced: an export writes it back unchanged while the page's hash is the same, so a file nobody
 * edited is byte-identical after an import and an export. Goes with its space's sync state.
 */
export class GitSyncPageSources1780100000000 implements MigrationInterface {
  name = 'GitSyncPageSources1780100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE page_sources (
  space_id text NOT NULL REFERENCES sync_states (space_id) ON DELETE CASCADE,
  path text NOT NULL,
  oid text NOT NULL,
  page_hash text NOT NULL,
  source text NOT NULL,
  PRIMARY KEY (space_id, path)
)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE page_sources');
  }
}
