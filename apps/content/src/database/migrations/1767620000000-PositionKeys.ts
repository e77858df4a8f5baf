import { generateNKeysBetween } from 'fractional-indexing';
import type { MigrationInterface, QueryRunner } from 'typeorm';

const TABLES = ['spaces', 'collections'] as const;

/**
 * Positions become fractional keys (`collections/position.ts`) instead of floats, whose midpoints
 * ran out of precision after about 50 inserts at the same place. Each group of siblings
 * (organization, parent) keeps its order: the n-th row by (position, id) gets the n-th of the
 * keys a0, a1, … The column is `COLLATE "C"` so Postgres compares keys byte by byte, as the
 * library (and JavaScript) do; a locale collation would order some keys differently.
 */
export class PositionKeys1767620000000 implements MigrationInterface {
  name = 'PositionKeys1767620000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      const [{ largest }] = (await q.query(
        `SELECT coalesce(max(n), 0)::int AS largest FROM (SELECT count(*) AS n FROM ${table} GROUP BY organization_id, parent_id) g`,
      )) as Array<{ largest: number }>;
      await q.query(`ALTER TABLE ${table} ADD COLUMN position_key text COLLATE "C"`);
      await q.query(
        `UPDATE ${table} t SET position_key = k.key
         FROM (SELECT id, row_number() OVER (PARTITION BY organization_id, parent_id ORDER BY position, id) AS rank FROM ${table}) r
         JOIN unnest($1::text[]) WITH ORDINALITY AS k(key, rank) ON k.rank = r.rank
         WHERE t.id = r.id`,
        [generateNKeysBetween(null, null, largest)],
      );
      await q.query(`ALTER TABLE ${table} DROP COLUMN position`);
      await q.query(`ALTER TABLE ${table} RENAME COLUMN position_key TO position`);
      await q.query(`ALTER TABLE ${table} ALTER COLUMN position SET NOT NULL`);
    }
    // Moves and creations read a group of siblings in order (and its last key).
    await q.query('CREATE INDEX spaces_siblings_idx ON spaces (organization_id, parent_id, position, id) WHERE deleted_at IS NULL');
    await q.query('CREATE INDEX collections_siblings_idx ON collections (organization_id, parent_id, position, id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX spaces_siblings_idx');
    await q.query('DROP INDEX collections_siblings_idx');
    for (const table of TABLES) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN position_number double precision NOT NULL DEFAULT 0`);
      await q.query(
        `UPDATE ${table} t SET position_number = r.rank
         FROM (SELECT id, row_number() OVER (PARTITION BY organization_id, parent_id ORDER BY position, id) AS rank FROM ${table}) r
         WHERE t.id = r.id`,
      );
      await q.query(`ALTER TABLE ${table} DROP COLUMN position`);
      await q.query(`ALTER TABLE ${table} RENAME COLUMN position_number TO position`);
    }
  }
}
