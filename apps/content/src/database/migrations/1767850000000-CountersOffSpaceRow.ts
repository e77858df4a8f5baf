import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The space row's counters move to rows of their own. A merge locks its space's row while it
 * moves the space's revision; numbering a change request (`change_request_seq`) and storing the
 * open comment count (`comments`, `comments_version`) updated that same row, so each waited for
 * merges in flight (and they for it). Now numbering locks only `change_request_numbers`' row
 * (still in the creating transaction, so numbers stay gapless) and counts write
 * `space_comment_counts`; neither touches the row merges lock.
 */
export class CountersOffSpaceRow1767850000000 implements MigrationInterface {
  name = 'CountersOffSpaceRow1767850000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE change_request_numbers (
      space_id text PRIMARY KEY REFERENCES spaces(id) ON DELETE CASCADE,
      last_number integer NOT NULL
    )`);
    await q.query(`CREATE TABLE space_comment_counts (
      space_id text PRIMARY KEY REFERENCES spaces(id) ON DELETE CASCADE,
      open integer NOT NULL,
      version bigint NOT NULL
    )`);
    await q.query(
      'INSERT INTO change_request_numbers (space_id, last_number) SELECT id, change_request_seq FROM spaces WHERE change_request_seq > 0',
    );
    await q.query(
      'INSERT INTO space_comment_counts (space_id, open, version) SELECT id, comments, comments_version FROM spaces WHERE comments_version > 0',
    );
    await q.query('ALTER TABLE spaces DROP COLUMN change_request_seq, DROP COLUMN comments, DROP COLUMN comments_version');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE spaces ADD COLUMN change_request_seq integer NOT NULL DEFAULT 0,
        ADD COLUMN comments integer NOT NULL DEFAULT 0, ADD COLUMN comments_version bigint NOT NULL DEFAULT 0`,
    );
    await q.query('UPDATE spaces s SET change_request_seq = n.last_number FROM change_request_numbers n WHERE n.space_id = s.id');
    await q.query(
      'UPDATE spaces s SET comments = c.open, comments_version = c.version FROM space_comment_counts c WHERE c.space_id = s.id',
    );
    await q.query('DROP TABLE space_comment_counts');
    await q.query('DROP TABLE change_request_numbers');
  }
}
