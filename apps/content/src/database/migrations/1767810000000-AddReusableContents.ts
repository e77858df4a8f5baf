import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A revision's reusable contents (id, title, body hash), content-addressed like file lists:
 * revisions that did not change them point at the same row. Null means none, which every revision
 * written before this migration has; nothing else moves.
 */
export class AddReusableContents1767810000000 implements MigrationInterface {
  name = 'AddReusableContents1767810000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE TABLE reusable_content_lists (hash text PRIMARY KEY, contents jsonb NOT NULL)');
    await q.query('ALTER TABLE revisions ADD COLUMN reusable_contents_hash text REFERENCES reusable_content_lists(hash)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE revisions DROP COLUMN reusable_contents_hash');
    await q.query('DROP TABLE reusable_content_lists');
  }
}
