import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search finds a space's matching sections in one GIN index on (space_id, tsv): the index
 * intersects the space's entries with the words', so a search reads only the matching sections of
 * the spaces asked, however many spaces the database holds (the text-only index it replaces was
 * never used by search, whose words match in every space). `btree_gin` (the GIN operator class
 * for `space_id`) is installed in this schema by provisioning, which runs before migrations.
 * `gin_pending_list_limit = 64` (kB, the least): an indexing run queues its entries in the
 * index's pending list, which every search using the index scans until it is merged into the
 * index; at Postgres's default limit (4 MB, every merge adding to it) that is up to 512
 * pages per search, and without the list (`fastupdate = off`) re-indexing an edited page wrote about 15 times
 * the buffers and 7 times the WAL (measured locally: 541 buffers and 44 KB against 38 and 6.6 KB).
 * At 64 kB a search scans at most 8 pending pages and the inserting run merges the list into the
 * index in batches.
 */
export class SearchSpaceTextIndex1767950000000 implements MigrationInterface {
  name = 'SearchSpaceTextIndex1767950000000';

  async up(q: QueryRunner): Promise<void> {
    const installed = (await q.query("SELECT 1 FROM pg_extension WHERE extname = 'btree_gin'")) as unknown[];
    if (installed.length === 0)
      throw new Error(
        'The btree_gin extension is missing from the content schema: provision the database (it installs it) and migrate again',
      );
    await q.query(
      'CREATE INDEX search_sections_space_tsv_idx ON search_sections USING gin (space_id, tsv) WITH (gin_pending_list_limit = 64)',
    );
    await q.query('DROP INDEX search_sections_tsv_idx');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX search_sections_tsv_idx ON search_sections USING gin (tsv)');
    await q.query('DROP INDEX search_sections_space_tsv_idx');
  }
}
