import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A revision's file list, content-addressed like page nodes: revisions that did not change their
 * files (every page edit) point at the same row instead of copying the list.
 */
export class AddFileLists1767400000000 implements MigrationInterface {
  name = 'AddFileLists1767400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE TABLE file_lists (hash text PRIMARY KEY, files jsonb NOT NULL)');
    // Null means no files; the older inline `files` column stays (always []) for revisions written before.
    await q.query('ALTER TABLE revisions ADD COLUMN files_hash text REFERENCES file_lists(hash)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE revisions DROP COLUMN files_hash');
    await q.query('DROP TABLE file_lists');
  }
}
