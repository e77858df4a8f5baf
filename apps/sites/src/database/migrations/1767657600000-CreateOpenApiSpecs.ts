import { JOBS_TABLE_SQL } from '@bindery/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * OpenAPI specs, their versions and the documents (content-addressed: one row per distinct text,
 * shared by every version naming it), and the jobs table of the sites worker.
 */
export class CreateOpenApiSpecs1767657600000 implements MigrationInterface {
  name = 'CreateOpenApiSpecs1767657600000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of JOBS_TABLE_SQL) await q.query(sql);
    await q.query(`CREATE TABLE openapi_specs (
  id text PRIMARY KEY,
  organization_id text NOT NULL,
  slug text NOT NULL,
  source_url text,
  source_text text,
  visibility text NOT NULL DEFAULT 'private' CHECK (visibility IN ('private', 'public')),
  processing_state text NOT NULL DEFAULT 'pending' CHECK (processing_state IN ('pending', 'progress', 'complete')),
  generation integer NOT NULL DEFAULT 1,
  last_version_id text,
  last_processed_at timestamptz(3),
  last_error_code text,
  last_errors jsonb NOT NULL DEFAULT '[]',
  last_error_count integer NOT NULL DEFAULT 0,
  source_etag text,
  source_last_modified text,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT openapi_specs_org_slug UNIQUE (organization_id, slug)
)`);
    await q.query('CREATE INDEX openapi_specs_org_created ON openapi_specs (organization_id, created_at, id)');
    await q.query('CREATE TABLE openapi_documents (hash text PRIMARY KEY, body text NOT NULL)');
    await q.query(`CREATE TABLE openapi_versions (
  id text PRIMARY KEY,
  spec_id text NOT NULL REFERENCES openapi_specs (id) ON DELETE CASCADE,
  content_hash text NOT NULL REFERENCES openapi_documents (hash),
  raw_hash text NOT NULL REFERENCES openapi_documents (hash),
  raw_format text NOT NULL CHECK (raw_format IN ('json', 'yaml')),
  url text,
  created_at timestamptz(3) NOT NULL DEFAULT now()
)`);
    await q.query('CREATE INDEX openapi_versions_spec_created ON openapi_versions (spec_id, created_at, id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE openapi_versions');
    await q.query('DROP TABLE openapi_documents');
    await q.query('DROP TABLE openapi_specs');
    await q.query('DROP TABLE jobs');
  }
}
