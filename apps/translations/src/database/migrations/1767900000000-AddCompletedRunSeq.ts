import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The highest run sequence number that completed: a run job delivered again after its run
 * completed (or after a later run did) is not run, and counted, twice.
 */
export class AddCompletedRunSeq1767900000000 implements MigrationInterface {
  name = 'AddCompletedRunSeq1767900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE translations ADD COLUMN completed_run_seq integer NOT NULL DEFAULT 0');
    // No backfill: which queued runs completed before this column is not known (a run queued while
    // another ran leaves the row `completed` with its job still queued); a job of those runs
    // delivered again after the upgrade runs once more, as it did before.
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE translations DROP COLUMN completed_run_seq');
  }
}
