import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Embedding engines: an organization may pick one of the operator's embedding endpoints
 * (`organization_state.embeddings`, null = the built-in vectors), and each cluster records the
 * vector space its centroid lives in, so an issue is only ever compared with centroids of its own
 * space. Every existing cluster was built with the built-in vectors.
 */
export class VectorSpaces1780000000000 implements MigrationInterface {
  name = 'VectorSpaces1780000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE organization_state ADD COLUMN embeddings text NULL');
    await q.query(`ALTER TABLE clusters ADD COLUMN vector_space text NOT NULL DEFAULT 'builtin'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE clusters DROP COLUMN vector_space');
    await q.query('ALTER TABLE organization_state DROP COLUMN embeddings');
  }
}
