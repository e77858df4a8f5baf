import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `Member.spaces` and `Team.spaces`, as content last counted them for each organization (kept by
 * the space-counts consumer). Per role: content's rule gives every member of a role the same
 * spaces. No foreign keys: an event may name an organization identity has since deleted.
 */
export class SpaceCounts1767484800000 implements MigrationInterface {
  name = 'SpaceCounts1767484800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE role_space_counts (
      organization_id text NOT NULL,
      role text NOT NULL,
      spaces integer NOT NULL,
      PRIMARY KEY (organization_id, role)
    )`);
    await q.query(`CREATE TABLE team_space_counts (
      team_id text PRIMARY KEY,
      organization_id text NOT NULL,
      spaces integer NOT NULL
    )`);
    await q.query('CREATE INDEX team_space_counts_organization ON team_space_counts (organization_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE team_space_counts');
    await q.query('DROP TABLE role_space_counts');
  }
}
