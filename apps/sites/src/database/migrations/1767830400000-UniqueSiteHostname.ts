import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A custom hostname belongs to one site across all organizations: the reader serves whatever site
 * a host names, so two claims let one tenant publish on another's domain. Where an older release
 * let several sites share a hostname, the site that claimed it first keeps it (the one the reader
 * already served, oldest first) and the others lose it, so the unique index can be built.
 */
export class UniqueSiteHostname1767830400000 implements MigrationInterface {
  name = 'UniqueSiteHostname1767830400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE sites SET hostname = NULL, updated_at = clock_timestamp()
      WHERE id IN (
        SELECT id FROM (
          SELECT id, row_number() OVER (PARTITION BY hostname ORDER BY created_at, id) AS claim
          FROM sites WHERE hostname IS NOT NULL
        ) claims WHERE claim > 1
      )`);
    await q.query('DROP INDEX sites_hostname');
    await q.query('CREATE UNIQUE INDEX sites_hostname_unique ON sites (hostname) WHERE hostname IS NOT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX sites_hostname_unique');
    await q.query('CREATE INDEX sites_hostname ON sites (hostname) WHERE hostname IS NOT NULL');
  }
}
