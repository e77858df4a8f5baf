import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each search section holds the key of its excerpt (`excerpt_key`: the SHA-256 of its text search
 * configuration and the text its excerpt is cut from, base64), kept by a trigger when the section
 * is written, so a search reads it instead of digesting every section it shows: the digest was
 * 8 to 15 % of the search statement's backend CPU (counted from /proc on a 40-page space like the
 * soak's, the two statements alternated, 1,500 searches each on one connection: about 1,000 µs
 * against 900). A trigger, not the indexer's statement, so that every writer
 * keeps it right (a replica of the previous release during an upgrade writes sections without
 * it); not a generated column, because `convert_to` is only stable.
 *
 * The formula is the one searches computed (`EXCERPT_TEXT_SQL` and the digest in
 * `search-excerpts.ts` before this release), written out here as this migration ran it.
 */
export class SearchExcerptKeys1796220000000 implements MigrationInterface {
  name = 'SearchExcerptKeys1796220000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE search_sections ADD COLUMN excerpt_key text');
    await q.query(`CREATE FUNCTION search_sections_excerpt_key() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.excerpt_key := encode(sha256(convert_to(NEW.config || ':' || CASE WHEN NEW.body = '' THEN NEW.heading ELSE NEW.body END, 'UTF8')), 'base64');
        RETURN NEW;
      END $$`);
    // Created before the backfill, in this migration's transaction: a section written meanwhile
    // waits for the commit and is then keyed by the trigger.
    await q.query(`CREATE TRIGGER search_sections_excerpt_key BEFORE INSERT OR UPDATE OF config, heading, body ON search_sections
      FOR EACH ROW EXECUTE FUNCTION search_sections_excerpt_key()`);
    await q.query('UPDATE search_sections SET config = config');
    await q.query('ALTER TABLE search_sections ALTER COLUMN excerpt_key SET NOT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TRIGGER search_sections_excerpt_key ON search_sections');
    await q.query('DROP FUNCTION search_sections_excerpt_key()');
    await q.query('ALTER TABLE search_sections DROP COLUMN excerpt_key');
  }
}
