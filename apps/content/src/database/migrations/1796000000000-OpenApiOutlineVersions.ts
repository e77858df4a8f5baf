import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the stored outline's spec version was processed, so a refresh answered with an older
 * version (two refreshes in flight: an event redelivered for the previous version and a read of a
 * slug) never replaces a newer outline. Rows stored before this migration have none: the next
 * refresh sets it.
 */
export class OpenApiOutlineVersions1796000000000 implements MigrationInterface {
  name = 'OpenApiOutlineVersions1796000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE openapi_outlines ADD COLUMN version_at timestamptz');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE openapi_outlines DROP COLUMN version_at');
  }
}
