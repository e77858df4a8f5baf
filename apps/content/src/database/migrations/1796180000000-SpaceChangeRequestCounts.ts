import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A space's change request counts (total, open, draft) in a row of their own, kept by triggers on
 * `change_requests` in the writing transaction, so reading a space reads one row however many
 * change requests it has (counting them cost O(change requests) on every read: 21 ms of backend
 * CPU at 50,000).
 *
 * - Insert: a row-level upsert (change requests are inserted one per statement, `insertNumbered`).
 *   An open locks the row at the end of its statement, after the space's `change_request_numbers`
 *   row, which already serialises the space's opens until they commit: opens wait for each other
 *   no longer than before.
 * - Status change: a row-level trigger on `UPDATE OF status, space_id` (edits set neither and do
 *   not fire it), deferred to the commit, so a transaction that changes a status (a locked merge,
 *   a `PATCH`) holds the row only while it commits, not across its remaining round trips. What is
 *   added: an open and a status change of the same space take turns on the row while the other
 *   commits. The row is the last lock either takes, so it closes no cycle of waits.
 * - Delete: statement-level, one update per space a statement touches (a purged space with 50,000
 *   change requests updates its row once, not 50,000 times; its row then goes with it).
 *
 * The functions name tables unqualified, as the app's statements do: they run with the writing
 * connection's search path (content's schema, or a test's scratch schema first).
 */
export class SpaceChangeRequestCounts1796180000000 implements MigrationInterface {
  name = 'SpaceChangeRequestCounts1796180000000';

  async up(q: QueryRunner): Promise<void> {
    // No change request is written while the triggers are created and the rows backfilled (this
    // migration's transaction holds the lock until it commits): none is counted twice or missed.
    await q.query('LOCK TABLE change_requests IN SHARE ROW EXCLUSIVE MODE');
    await q.query(`CREATE TABLE space_change_request_counts (
      space_id text PRIMARY KEY REFERENCES spaces(id) ON DELETE CASCADE,
      total integer NOT NULL,
      open integer NOT NULL,
      draft integer NOT NULL
    )`);
    await q.query(`CREATE FUNCTION change_request_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO space_change_request_counts AS c (space_id, total, open, draft)
          VALUES (NEW.space_id, 1, (NEW.status = 'open')::int, (NEW.status = 'draft')::int)
        ON CONFLICT (space_id) DO UPDATE SET total = c.total + 1, open = c.open + excluded.open, draft = c.draft + excluded.draft;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE FUNCTION change_request_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- A purged space's row may be gone already (its own cascade): nothing to update then.
        UPDATE space_change_request_counts c
          SET total = c.total - d.total, open = c.open - d.open, draft = c.draft - d.draft
          FROM (SELECT space_id, count(*) AS total, count(*) FILTER (WHERE status = 'open') AS open,
                  count(*) FILTER (WHERE status = 'draft') AS draft
                FROM deleted GROUP BY space_id) d
          WHERE c.space_id = d.space_id;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE FUNCTION change_request_counts_status_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD.space_id = NEW.space_id THEN
          UPDATE space_change_request_counts
            SET open = open + (NEW.status = 'open')::int - (OLD.status = 'open')::int,
                draft = draft + (NEW.status = 'draft')::int - (OLD.status = 'draft')::int
            WHERE space_id = NEW.space_id;
        ELSE
          -- No statement moves a change request to another space today; counted right if one does.
          UPDATE space_change_request_counts
            SET total = total - 1, open = open - (OLD.status = 'open')::int, draft = draft - (OLD.status = 'draft')::int
            WHERE space_id = OLD.space_id;
          INSERT INTO space_change_request_counts AS c (space_id, total, open, draft)
            VALUES (NEW.space_id, 1, (NEW.status = 'open')::int, (NEW.status = 'draft')::int)
          ON CONFLICT (space_id) DO UPDATE
            SET total = c.total + 1, open = c.open + excluded.open, draft = c.draft + excluded.draft;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER change_request_counts_inserted AFTER INSERT ON change_requests
      FOR EACH ROW EXECUTE FUNCTION change_request_counts_inserted()`);
    await q.query(`CREATE TRIGGER change_request_counts_deleted AFTER DELETE ON change_requests
      REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION change_request_counts_deleted()`);
    await q.query(`CREATE CONSTRAINT TRIGGER change_request_counts_status_changed AFTER UPDATE OF status, space_id ON change_requests
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
      WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.space_id IS DISTINCT FROM NEW.space_id)
      EXECUTE FUNCTION change_request_counts_status_changed()`);
    await q.query(`INSERT INTO space_change_request_counts (space_id, total, open, draft)
      SELECT space_id, count(*), count(*) FILTER (WHERE status = 'open'), count(*) FILTER (WHERE status = 'draft')
      FROM change_requests GROUP BY space_id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TRIGGER change_request_counts_status_changed ON change_requests');
    await q.query('DROP TRIGGER change_request_counts_deleted ON change_requests');
    await q.query('DROP TRIGGER change_request_counts_inserted ON change_requests');
    await q.query('DROP FUNCTION change_request_counts_status_changed()');
    await q.query('DROP FUNCTION change_request_counts_deleted()');
    await q.query('DROP FUNCTION change_request_counts_inserted()');
    await q.query('DROP TABLE space_change_request_counts');
  }
}
