import { JOBS_TABLE_SQL, OUTBOX_TABLE_SQL } from '@bindery/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Translations and their runs' state; `translated_pages` keeps each page's latest translation
 * under the hash of what it was made from (source page, languages, engine, instructions), so a
 * re-run or a resumed run translates only what changed.
 */
export class CreateTranslations1767700000000 implements MigrationInterface {
  name = 'CreateTranslations1767700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(OUTBOX_TABLE_SQL);
    for (const sql of JOBS_TABLE_SQL) await q.query(sql);
    await q.query(`CREATE TABLE translations (
      id text PRIMARY KEY,
      organization_id text NOT NULL,
      source_space text NOT NULL,
      source_language text NOT NULL,
      language text NOT NULL,
      instructions jsonb NOT NULL,
      status text NOT NULL DEFAULT 'pending',
      target_space text,
      result_revision text,
      run_seq integer NOT NULL DEFAULT 0,
      runs integer NOT NULL DEFAULT 0,
      total_words bigint NOT NULL DEFAULT 0,
      total_duration_ms bigint NOT NULL DEFAULT 0,
      latest_duration_ms bigint NOT NULL DEFAULT 0,
      latest_pages integer NOT NULL DEFAULT 0,
      latest_words integer NOT NULL DEFAULT 0,
      total_pages integer NOT NULL DEFAULT 0,
      last_error text,
      last_error_at timestamptz(3),
      created_by text NOT NULL,
      created_at timestamptz(3) NOT NULL DEFAULT now(),
      updated_at timestamptz(3) NOT NULL DEFAULT now()
    )`);
    await q.query('CREATE INDEX translations_org_created ON translations (organization_id, created_at, id)');
    await q.query(`CREATE TABLE translated_pages (
      translation_id text NOT NULL REFERENCES translations(id) ON DELETE CASCADE,
      page_id text NOT NULL,
      source_hash text NOT NULL,
      title text NOT NULL,
      description text,
      document jsonb,
      words integer NOT NULL,
      run_seq integer NOT NULL,
      PRIMARY KEY (translation_id, page_id)
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE translated_pages');
    await q.query('DROP TABLE translations');
    await q.query('DROP TABLE jobs');
    await q.query('DROP TABLE outbox');
  }
}
