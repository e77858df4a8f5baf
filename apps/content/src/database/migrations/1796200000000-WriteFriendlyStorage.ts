import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Storage settings for the rows every edit and merge writes (counted per soak operation, #28).
 *
 * - `revisions`: a revision row carries its top-level page hashes (`pages`, ~48 bytes each), so a
 *   space of 40 top-level pages makes a row of ~2.1 kB, past Postgres's 2 kB toast threshold:
 *   every edit and merge tried to compress the hashes (random base64url: it never pays) and then
 *   moved them out of line, one more heap row and one more index entry in the TOAST table, and a
 *   TOAST index lookup for every read of `pages`. With `toast_tuple_target` at its largest, a row
 *   is compressed or moved out of line only once it would not fit a page (≥ 8 kB: ~170 top-level
 *   pages); larger rows are stored as before. Existing rows stay as they are until rewritten.
 * - `change_requests`: a change request is updated a few times soon after it is opened (each edit,
 *   then its merge), none of them changing an indexed column. Such an update is HOT (no new entry
 *   in any of the table's three indexes) only when the row's page has room for the new version;
 *   filled to the brim by opens, ~30 % of merges found none and wrote all three indexes. Pages
 *   are now filled to 70 % by inserts, the rest kept for updates (the table grows by as much).
 *   Pages already full keep their rows; only pages written from now on get the room.
 */
export class WriteFriendlyStorage1796200000000 implements MigrationInterface {
  name = 'WriteFriendlyStorage1796200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE revisions SET (toast_tuple_target = 8160)');
    await q.query('ALTER TABLE change_requests SET (fillfactor = 70)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE change_requests RESET (fillfactor)');
    await q.query('ALTER TABLE revisions RESET (toast_tuple_target)');
  }
}
