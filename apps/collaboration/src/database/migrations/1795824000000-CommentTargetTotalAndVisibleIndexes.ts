import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A list's `count` without counting: each target keeps its comment count beside its open count,
 * changed by the same upsert, so an unfiltered list (every status, or open, or resolved) reads
 * its total from the target's row. Hidden comments (a deleted space's) stay counted, as in
 * `open_count`; `hidden` marks the target while its space's comments are hidden (set by the same
 * statement that hides them), and a hidden target lists none.
 *
 * The target indexes hold visible comments only (`hidden_at IS NULL`, the condition of every read
 * by target), so a filtered count is an index-only scan; the few hidden comments keep their own
 * index by space for the restore that shows them again.
 */
export class CommentTargetTotalAndVisibleIndexes1795824000000 implements MigrationInterface {
  name = 'CommentTargetTotalAndVisibleIndexes1795824000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE comment_targets ADD COLUMN comment_count integer NOT NULL DEFAULT 0');
    await q.query(`
      UPDATE comment_targets t SET comment_count = (
        SELECT count(*) FROM comments c WHERE c.space_id = t.space_id AND c.change_request_id = t.change_request_id
      )`);
    await q.query('ALTER TABLE comment_targets ADD COLUMN hidden boolean NOT NULL DEFAULT false');
    await q.query(`
      UPDATE comment_targets t SET hidden = true WHERE EXISTS (
        SELECT 1 FROM comments c
        WHERE c.space_id = t.space_id AND c.change_request_id = t.change_request_id AND c.hidden_at IS NOT NULL
      )`);
    await q.query('DROP INDEX comments_by_target');
    await q.query('DROP INDEX comments_open_by_target');
    await q.query('DROP INDEX comments_by_author');
    await q.query(
      'CREATE INDEX comments_visible_by_target ON comments (space_id, change_request_id, posted_at, id) WHERE hidden_at IS NULL',
    );
    await q.query(`CREATE INDEX comments_open_by_target ON comments (space_id, change_request_id, posted_at, id)
      WHERE resolved_at IS NULL AND hidden_at IS NULL`);
    await q.query(
      'CREATE INDEX comments_by_author ON comments (space_id, change_request_id, author_id, posted_at, id) WHERE hidden_at IS NULL',
    );
    await q.query('CREATE INDEX comments_hidden_by_space ON comments (space_id) WHERE hidden_at IS NOT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    for (const index of ['comments_hidden_by_space', 'comments_by_author', 'comments_open_by_target', 'comments_visible_by_target']) {
      await q.query(`DROP INDEX ${index}`);
    }
    await q.query('CREATE INDEX comments_by_target ON comments (space_id, change_request_id, posted_at, id)');
    await q.query(
      'CREATE INDEX comments_open_by_target ON comments (space_id, change_request_id, posted_at, id) WHERE resolved_at IS NULL',
    );
    await q.query('CREATE INDEX comments_by_author ON comments (space_id, change_request_id, author_id, posted_at, id)');
    await q.query('ALTER TABLE comment_targets DROP COLUMN hidden');
    await q.query('ALTER TABLE comment_targets DROP COLUMN comment_count');
  }
}
