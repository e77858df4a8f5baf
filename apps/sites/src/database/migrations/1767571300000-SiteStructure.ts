import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sites, their sections and section groups (one ordering among siblings: a group's children, or
 * the root, mix sections and groups), site spaces with the snapshot of their Space, and what the
 * service remembers of organizations (hostname, for published URLs and lookups by hostname).
 * Positions are fractional keys compared bytewise (`COLLATE "C"`).
 */
export class SiteStructure1767571300000 implements MigrationInterface {
  name = 'SiteStructure1767571300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE organizations (
        id text PRIMARY KEY,
        hostname text,
        updated_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE sites (
        id text PRIMARY KEY,
        organization_id text NOT NULL,
        type text NOT NULL,
        title text NOT NULL,
        visibility text NOT NULL,
        basename text,
        hostname text,
        proxy text,
        published boolean NOT NULL DEFAULT false,
        adaptive_enabled boolean NOT NULL DEFAULT false,
        agents_context text NOT NULL DEFAULT 'included',
        default_site_section_id text,
        default_site_space_id text,
        share_key text NOT NULL,
        adaptive_schema jsonb,
        adaptive_updated_at timestamptz(3),
        created_by text NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX sites_org ON sites (organization_id, created_at, id)');
    await q.query('CREATE UNIQUE INDEX sites_basename ON sites (organization_id, basename) WHERE basename IS NOT NULL');
    await q.query('CREATE INDEX sites_hostname ON sites (hostname) WHERE hostname IS NOT NULL');
    await q.query(`
      CREATE TABLE site_section_groups (
        id text PRIMARY KEY,
        site_id text NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
        parent_id text REFERENCES site_section_groups (id) ON DELETE CASCADE,
        title text NOT NULL,
        icon text,
        position text COLLATE "C" NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX site_section_groups_site ON site_section_groups (site_id)');
    await q.query(`
      CREATE TABLE site_sections (
        id text PRIMARY KEY,
        site_id text NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
        group_id text REFERENCES site_section_groups (id) ON DELETE SET NULL,
        title text NOT NULL,
        description text,
        icon text,
        path text NOT NULL,
        condition text,
        default_site_space_id text,
        position text COLLATE "C" NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX site_sections_site ON site_sections (site_id)');
    await q.query(`
      CREATE TABLE site_spaces (
        id text PRIMARY KEY,
        site_id text NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
        section_id text REFERENCES site_sections (id) ON DELETE CASCADE,
        space_id text NOT NULL,
        path text NOT NULL,
        condition text,
        position text COLLATE "C" NOT NULL,
        space jsonb NOT NULL,
        added_by text NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX site_spaces_site ON site_spaces (site_id, created_at, id)');
    await q.query('CREATE INDEX site_spaces_space ON site_spaces (space_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE site_spaces');
    await q.query('DROP TABLE site_sections');
    await q.query('DROP TABLE site_section_groups');
    await q.query('DROP TABLE sites');
    await q.query('DROP TABLE organizations');
  }
}
