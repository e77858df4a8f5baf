import { OUTBOX_TABLE_SQL } from '@bindery/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The outbox the EventsModule's relay reads; the context's own tables come with its features. */
export class CreateSites1767571200000 implements MigrationInterface {
  name = 'CreateSites1767571200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(OUTBOX_TABLE_SQL);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE outbox');
  }
}
