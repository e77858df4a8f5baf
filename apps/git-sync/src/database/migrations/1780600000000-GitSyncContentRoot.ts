import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where the last import found the content (`.gitbook.yaml`'s `root`, repository-relative): page
 * paths are kept relative to it, and the reader's "Edit on Git" link needs the full path. Null
 * until the next import (the project directory stands in for it).
 */
export class GitSyncContentRoot1780600000000 implements MigrationInterface {
  name = 'GitSyncContentRoot1780600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE sync_states ADD COLUMN content_root text');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE sync_states DROP COLUMN content_root');
  }
}
