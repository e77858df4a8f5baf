import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each target keeps its open-comment count beside its version, changed by the same upsert that
 * bumps the version, so a count event is one statement instead of a count run while the row is
 * locked. Hidden comments (a deleted space's) are counted: they cannot change while hidden and
 * come back with their space.
 */
export class CommentTargetOpenCount1795651200000 implements MigrationInterface {
  name = 'CommentTargetOpenCount1795651200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE comment_targets ADD COLUMN open_count integer NOT NULL DEFAULT 0');
    await q.query(`
      UPDATE comment_targets t SET open_count = (
        SELECT count(*) FROM comments c
        WHERE c.space_id = t.space_id AND c.change_request_id = t.change_request_id AND c.resolved_at IS NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE comment_targets DROP COLUMN open_count');
  }
}
