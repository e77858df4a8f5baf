import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Open comments of a space's main content and of each change request, kept from collaboration's
 * count events; the version is the event's, so an older event never overwrites a newer count.
 */
export class AddCommentCounts1767640000000 implements MigrationInterface {
  name = 'AddCommentCounts1767640000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['spaces', 'change_requests']) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN comments integer NOT NULL DEFAULT 0`);
      await q.query(`ALTER TABLE ${table} ADD COLUMN comments_version bigint NOT NULL DEFAULT 0`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['spaces', 'change_requests']) {
      await q.query(`ALTER TABLE ${table} DROP COLUMN comments, DROP COLUMN comments_version`);
    }
  }
}
