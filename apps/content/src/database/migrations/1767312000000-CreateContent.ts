import { OUTBOX_TABLE_SQL } from '@bindery/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateContent1767312000000 implements MigrationInterface {
  name = 'CreateContent1767312000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE collections (
      id text PRIMARY KEY,
      organization_id text NOT NULL,
      title text NOT NULL,
      description text,
      parent_id text REFERENCES collections(id) ON DELETE CASCADE,
      default_level text NOT NULL DEFAULT 'inherit',
      position double precision NOT NULL DEFAULT 0,
      created_at timestamptz(3) NOT NULL DEFAULT now()
    )`);
    await q.query('CREATE INDEX collections_org_idx ON collections (organization_id, created_at, id)');
    await q.query(`CREATE TABLE spaces (
      id text PRIMARY KEY,
      organization_id text NOT NULL,
      title text NOT NULL,
      emoji text NOT NULL DEFAULT '',
      visibility text NOT NULL DEFAULT 'private',
      edit_mode text NOT NULL DEFAULT 'live',
      merge_rules jsonb NOT NULL DEFAULT '{"type":"inherit"}',
      default_level text NOT NULL DEFAULT 'inherit',
      language text,
      parent_id text REFERENCES collections(id) ON DELETE SET NULL,
      position double precision NOT NULL DEFAULT 0,
      revision_id text NOT NULL,
      change_request_seq integer NOT NULL DEFAULT 0,
      share_key text NOT NULL,
      created_at timestamptz(3) NOT NULL,
      updated_at timestamptz(3) NOT NULL,
      deleted_at timestamptz(3)
    )`);
    await q.query('CREATE INDEX spaces_org_idx ON spaces (organization_id, created_at, id) WHERE deleted_at IS NULL');
    await q.query('CREATE INDEX spaces_deleted_idx ON spaces (deleted_at) WHERE deleted_at IS NOT NULL');
    // Content-addressed, immutable and shared between revisions (and spaces): never updated.
    await q.query('CREATE TABLE documents (hash text PRIMARY KEY, body jsonb NOT NULL)');
    await q.query('CREATE TABLE page_nodes (hash text PRIMARY KEY, node jsonb NOT NULL)');
    await q.query(`CREATE TABLE revisions (
      id text PRIMARY KEY,
      space_id text NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
      parents text[] NOT NULL,
      pages text[] NOT NULL,
      files jsonb NOT NULL DEFAULT '[]',
      type text NOT NULL,
      merged_from text,
      created_at timestamptz(3) NOT NULL DEFAULT now()
    )`);
    await q.query('CREATE INDEX revisions_space_idx ON revisions (space_id)');
    await q.query(`CREATE TABLE change_requests (
      id text PRIMARY KEY,
      space_id text NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
      organization_id text NOT NULL,
      number integer NOT NULL,
      status text NOT NULL,
      subject text NOT NULL DEFAULT '',
      description jsonb,
      created_by jsonb NOT NULL,
      contributors text[] NOT NULL DEFAULT '{}',
      revision_id text NOT NULL,
      revision_initial text NOT NULL,
      revision_merged_ancestor text,
      revision_merged text,
      merged_by jsonb,
      merged_at timestamptz(3),
      created_at timestamptz(3) NOT NULL DEFAULT now(),
      updated_at timestamptz(3) NOT NULL DEFAULT now(),
      UNIQUE (space_id, number)
    )`);
    await q.query('CREATE INDEX change_requests_org_idx ON change_requests (organization_id, created_at, id)');
    await q.query(OUTBOX_TABLE_SQL);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['outbox', 'change_requests', 'revisions', 'page_nodes', 'documents', 'spaces', 'collections'])
      await q.query(`DROP TABLE ${table}`);
  }
}
