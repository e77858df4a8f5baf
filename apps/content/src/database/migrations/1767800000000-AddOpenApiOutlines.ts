import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outline (tags, operations, models) of the newest processed version of each OpenAPI spec
 * computed pages read, by organization and slug: written from sites' `sites.openapi.processed`
 * events (and on a first read), so a read generates pages without asking sites.
 */
export class AddOpenApiOutlines1767800000000 implements MigrationInterface {
  name = 'AddOpenApiOutlines1767800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE openapi_outlines (
      organization_id text NOT NULL,
      slug text NOT NULL,
      hash text NOT NULL,
      outline jsonb NOT NULL,
      updated_at timestamptz(3) NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, slug)
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE openapi_outlines');
  }
}
