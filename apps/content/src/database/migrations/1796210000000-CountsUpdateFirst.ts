import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The trigger that counts an opened change request in its space's `space_change_request_counts`
 * row updates the row when it exists (every open but a space's first) instead of upserting it: an
 * upsert that finds the row locks it before updating it, one more WAL record and row lock per
 * open; a plain update locks it as it writes it. Only a space's first change request inserts the
 * row, still as an upsert, so that two first opens of a space both count. What is counted, and
 * when the row is locked (at the end of the opening statement, until it commits), are unchanged.
 */
export class CountsUpdateFirst1796210000000 implements MigrationInterface {
  name = 'CountsUpdateFirst1796210000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE OR REPLACE FUNCTION change_request_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE space_change_request_counts
          SET total = total + 1, open = open + (NEW.status = 'open')::int, draft = draft + (NEW.status = 'draft')::int
          WHERE space_id = NEW.space_id;
        IF NOT FOUND THEN
          INSERT INTO space_change_request_counts AS c (space_id, total, open, draft)
            VALUES (NEW.space_id, 1, (NEW.status = 'open')::int, (NEW.status = 'draft')::int)
          ON CONFLICT (space_id) DO UPDATE SET total = c.total + 1, open = c.open + excluded.open, draft = c.draft + excluded.draft;
        END IF;
        RETURN NULL;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE OR REPLACE FUNCTION change_request_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO space_change_request_counts AS c (space_id, total, open, draft)
          VALUES (NEW.space_id, 1, (NEW.status = 'open')::int, (NEW.status = 'draft')::int)
        ON CONFLICT (space_id) DO UPDATE SET total = c.total + 1, open = c.open + excluded.open, draft = c.draft + excluded.draft;
        RETURN NULL;
      END $$`);
  }
}
