import { OUTBOX_TABLE_SQL } from '@bindery/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateIdentity1767225600000 implements MigrationInterface {
  name = 'CreateIdentity1767225600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE users (
      id text PRIMARY KEY,
      display_name text NOT NULL,
      email text NOT NULL,
      photo_url text,
      created_at timestamptz(3) NOT NULL DEFAULT now()
    )`);
    await q.query('CREATE UNIQUE INDEX users_email_key ON users (lower(email))');
    await q.query(`CREATE TABLE api_tokens (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      label text NOT NULL,
      created_at timestamptz(3) NOT NULL DEFAULT now(),
      last_used_at timestamptz(3),
      revoked_at timestamptz(3)
    )`);
    await q.query('CREATE INDEX api_tokens_user_idx ON api_tokens (user_id)');
    await q.query(`CREATE TABLE organizations (
      id text PRIMARY KEY,
      title text NOT NULL,
      created_at timestamptz(3) NOT NULL DEFAULT now(),
      email_domains text[] NOT NULL DEFAULT '{}',
      hostname text UNIQUE,
      type text NOT NULL DEFAULT 'business',
      use_case text,
      community_type text,
      default_role text,
      default_content jsonb,
      logo text,
      sso boolean NOT NULL DEFAULT false,
      ai boolean NOT NULL DEFAULT false,
      invite_links boolean NOT NULL DEFAULT false,
      plan text NOT NULL DEFAULT 'free_2024',
      merge_rules jsonb NOT NULL DEFAULT '{"type":"rules","rules":[]}'
    )`);
    await q.query(`CREATE TABLE memberships (
      organization_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      role text NOT NULL,
      joined_at timestamptz(3) NOT NULL DEFAULT now(),
      last_seen_at timestamptz(3),
      disabled boolean NOT NULL DEFAULT false,
      sso boolean NOT NULL DEFAULT false,
      PRIMARY KEY (organization_id, user_id)
    )`);
    await q.query('CREATE INDEX memberships_user_idx ON memberships (user_id, organization_id)');
    await q.query(OUTBOX_TABLE_SQL);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['outbox', 'memberships', 'organizations', 'api_tokens', 'users']) await q.query(`DROP TABLE ${table}`);
  }
}
