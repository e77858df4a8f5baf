import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A site's publishing auth (visitor authentication): the key that signs its visitor tokens, sealed
 * with SITES_AUTH_SECRET (never stored in plain text), and the fallback and logout URLs.
 * `key_version` grows with every regenerate (the published cache keys it by site version anyway).
 */
export class CreatePublishingAuth1767744000000 implements MigrationInterface {
  name = 'CreatePublishingAuth1767744000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE site_publishing_auth (
  site_id text PRIMARY KEY REFERENCES sites (id) ON DELETE CASCADE,
  backend text NOT NULL DEFAULT 'custom' CHECK (backend IN ('custom', 'integration')),
  sealed_key text NOT NULL,
  key_version integer NOT NULL DEFAULT 1,
  fallback_url text,
  logout_url text,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now()
)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE site_publishing_auth');
  }
}
