import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tells the planner to expect about 100 search sections per space (`n_distinct` of
 * `search_sections.space_id` as a fraction of the rows: -0.01), whatever ANALYZE samples. The
 * search runs on Postgres's generic plan (see `SEARCH_SQL`), costed for `rows / distinct spaces`
 * sections per space: with one large space beside a few small ones (a 2,000-page space and a
 * 40-page one: 3,000 per space), that plan read the space's sections by a sequential scan of the
 * whole table, for the small space too (counted on that pair, 1,000 searches of the small space on
 * one connection: 680 buffers and about 4,200 µs of backend CPU per search, against 131 and 1,100
 * by its primary key; the large space's searches cost no more by the key). Every statement on the
 * table reads one space, so an estimate of a space's size, not of the table's, is the one to plan with.
 */
export class SearchSpaceSizeEstimate1796311000000 implements MigrationInterface {
  name = 'SearchSpaceSizeEstimate1796311000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE search_sections ALTER COLUMN space_id SET (n_distinct = -0.01)');
    // The setting takes effect when the table is next analyzed.
    await q.query('ANALYZE search_sections');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE search_sections ALTER COLUMN space_id RESET (n_distinct)');
    await q.query('ANALYZE search_sections');
  }
}
