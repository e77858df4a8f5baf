import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Imported page texts (`page_sources.source`) are compressed with lz4 instead of pglz when
 * Postgres stores them out of line: an import writes a thousand of them in the transaction that
 * records the sync, and lz4 compresses at a fraction of pglz's CPU for about the same size. Only
 * texts written from now on are lz4 (Postgres reads both). A server built without lz4 keeps pglz.
 */
export class GitSyncSourcesLz41780700000000 implements MigrationInterface {
  name = 'GitSyncSourcesLz41780700000000';

  async up(q: QueryRunner): Promise<void> {
    const lz4 = (await q.query(
      "SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)",
    )) as unknown[];
    if (lz4.length > 0) await q.query('ALTER TABLE page_sources ALTER COLUMN source SET COMPRESSION lz4');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE page_sources ALTER COLUMN source SET COMPRESSION pglz');
  }
}
