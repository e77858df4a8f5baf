import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The search index remembers which spec outlines its generated pages came from, so a spec whose
 * outline arrives or changes after a merge is indexed again without waiting for the next edit:
 * `search_spaces.outlines` maps each spec slug a computed page of the indexed revision uses to the
 * outline hash indexed (null: none yet), and `search_pages.generated_by` names the computed page
 * a generated page hangs from (null: a page of the tree), so its generated pages are replaced
 * exactly. A space indexed before this migration has `outlines` null: its next indexing run
 * rebuilds its index once (its older generated rows cannot be told apart otherwise).
 */
export class SearchOutlines1767900000000 implements MigrationInterface {
  name = 'SearchOutlines1767900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE search_spaces ADD COLUMN outlines jsonb');
    await q.query('ALTER TABLE search_pages ADD COLUMN generated_by text');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE search_pages DROP COLUMN generated_by');
    await q.query('ALTER TABLE search_spaces DROP COLUMN outlines');
  }
}
