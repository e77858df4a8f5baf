import { JOBS_TABLE_SQL } from '@bindery/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Status of the jobs content's worker runs (queued, running with progress, succeeded, failed). */
export class AddJobs1767630000000 implements MigrationInterface {
  name = 'AddJobs1767630000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of JOBS_TABLE_SQL) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE jobs');
  }
}
