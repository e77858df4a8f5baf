import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Derived indexes. `document_refs`: the references and anchors of a page body, content-addressed
 * like the body (extracted once when the body is stored, shared by every revision and space using
 * it; removed with the body by the collector's cascade). The search tables hold each space's main
 * content as the indexing job last saw it: one row per section (a heading and its text) with a
 * weighted tsvector (page title A, heading B, body D), the pages' titles and paths, and the words
 * of each space for the trigram fallback. `pg_trgm` is installed in this schema by provisioning.
 */
export class AddLinksAndSearch1767700000000 implements MigrationInterface {
  name = 'AddLinksAndSearch1767700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE document_refs (
      hash text PRIMARY KEY REFERENCES documents(hash) ON DELETE CASCADE,
      refs jsonb NOT NULL,
      anchors jsonb NOT NULL
    )`);
    await q.query(`CREATE TABLE search_spaces (
      space_id text PRIMARY KEY REFERENCES spaces(id) ON DELETE CASCADE,
      revision_id text NOT NULL,
      config text NOT NULL
    )`);
    await q.query(`CREATE TABLE search_pages (
      space_id text NOT NULL REFERENCES search_spaces(space_id) ON DELETE CASCADE,
      page_id text NOT NULL,
      title text NOT NULL,
      description text NOT NULL,
      path text NOT NULL,
      ancestors jsonb NOT NULL,
      PRIMARY KEY (space_id, page_id)
    )`);
    await q.query(`CREATE TABLE search_sections (
      space_id text NOT NULL,
      page_id text NOT NULL,
      idx integer NOT NULL,
      heading text NOT NULL,
      anchor text,
      body text NOT NULL,
      config text NOT NULL,
      title_tsv tsvector NOT NULL,
      tsv tsvector NOT NULL,
      PRIMARY KEY (space_id, page_id, idx),
      FOREIGN KEY (space_id, page_id) REFERENCES search_pages(space_id, page_id) ON DELETE CASCADE
    )`);
    await q.query('CREATE INDEX search_sections_tsv_idx ON search_sections USING gin (tsv)');
    await q.query(`CREATE TABLE search_words (
      space_id text NOT NULL REFERENCES search_spaces(space_id) ON DELETE CASCADE,
      word text NOT NULL,
      PRIMARY KEY (space_id, word)
    )`);
    await q.query('CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops)');
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['search_words', 'search_sections', 'search_pages', 'search_spaces', 'document_refs'])
      await q.query(`DROP TABLE ${table}`);
  }
}
