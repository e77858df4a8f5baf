import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A site's customization (`SiteCustomizationSettings`, validated against the official document
 * before it is stored) and each site space's overrides of it. NULL = never set: the product's
 * defaults (a site) or the site's settings (a site space) apply.
 */
export class SiteCustomization1768003200000 implements MigrationInterface {
  name = 'SiteCustomization1768003200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE sites ADD COLUMN customization jsonb, ADD COLUMN customization_updated_at timestamptz(3)');
    await q.query('ALTER TABLE site_spaces ADD COLUMN customization jsonb, ADD COLUMN customization_updated_at timestamptz(3)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE site_spaces DROP COLUMN customization, DROP COLUMN customization_updated_at');
    await q.query('ALTER TABLE sites DROP COLUMN customization, DROP COLUMN customization_updated_at');
  }
}
