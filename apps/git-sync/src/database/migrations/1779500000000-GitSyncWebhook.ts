import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a push webhook needs to schedule an import on its own: the fetch URL (without
 * credentials), ref and project directory of the last import or export, and who set the webhook
 * (the import acts as them). `webhook_secret` (sealed) exists since the first migration.
 */
export class GitSyncWebhook1779500000000 implements MigrationInterface {
  name = 'GitSyncWebhook1779500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sync_states
  ADD COLUMN fetch_url text,
  ADD COLUMN ref text,
  ADD COLUMN project_dir text NOT NULL DEFAULT '',
  ADD COLUMN webhook_user_id text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE sync_states DROP COLUMN fetch_url, DROP COLUMN ref, DROP COLUMN project_dir, DROP COLUMN webhook_user_id');
  }
}
