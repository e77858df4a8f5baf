import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search finds a space's matching sections in one GIN index on (space_id, tsv): the index
 * intersects the space's entries with the words', so a search reads only the matching sections of
 * the spaces asked, however many spaces the database holds (the text-only index it replaces was
 * never used by search, whose words match in every space). `btree_gin` (the GIN operator class
 * for `space_id`) is installed in this schema by provisioning, which runs before migrations.
 * `fastupdate = off`: each indexing run writes the index directly instead of queueing the entries
 * in a pending list that every search would scan until it is flushed (up to 4 MB, every merge
 * adding to it); an indexing run writes a few sections, a search runs far more often.
 */
export class SearchSpaceTextIndex1767950000000 implements MigrationInterface {
  name = 'SearchSpaceTextIndex1767950000000';

  async up(q: QueryRunner): Promise<void> {
    const installed = (await q.query("SELECT 1 FROM pg_extension WHERE extname = 'btree_gin'")) as unknown[];
    if (installed.length === 0)
      throw new Error(
        'The btree_gin extension is missing from the content schema: provision the database (it installs it) and migrate again',
      );
    await q.query('CREATE INDEX search_sections_space_tsv_idx ON search_sections USING gin (space_id, tsv) WITH (fastupdate = off)');
    await q.query('DROP INDEX search_sections_tsv_idx');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX search_sections_tsv_idx ON search_sections USING gin (tsv)');
    await q.query('DROP INDEX search_sections_space_tsv_idx');
  }
}
