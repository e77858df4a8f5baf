import { JOBS_UNUSED_INDEX_SQL } from '@bindery/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Drops the jobs table's (type, created_at) index, which no statement reads (see `JOBS_UNUSED_INDEX_SQL`). */
export class DropUnusedJobsIndex1796310000000 implements MigrationInterface {
  name = 'DropUnusedJobsIndex1796310000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(JOBS_UNUSED_INDEX_SQL.drop);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(JOBS_UNUSED_INDEX_SQL.create);
  }
}
