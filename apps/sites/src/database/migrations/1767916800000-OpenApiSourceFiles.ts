import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The files of each URL spec's last processing (its entry and every file a `$ref` named), with the
 * validators the server gave (`ETag`, `Last-Modified`) and a hash of the content: a refresh asks for
 * each conditionally and processes nothing again when none changed. A table rather than a column
 * of the spec: a real description spans thousands of files, which listing specs need not read.
 */
export class OpenApiSourceFiles1767916800000 implements MigrationInterface {
  name = 'OpenApiSourceFiles1767916800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE openapi_source_files (
  spec_id text NOT NULL REFERENCES openapi_specs (id) ON DELETE CASCADE,
  position integer NOT NULL,
  url text NOT NULL,
  etag text,
  last_modified text,
  hash text NOT NULL,
  PRIMARY KEY (spec_id, position)
)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE openapi_source_files');
  }
}
