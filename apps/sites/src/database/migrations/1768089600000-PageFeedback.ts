import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * "Was this helpful?" ratings of published pages: one row per site, page and visitor (a new rating
 * replaces the visitor's earlier one). `visitor` is an opaque hash from the reader, never an address.
 */
export class PageFeedback1768089600000 implements MigrationInterface {
  name = 'PageFeedback1768089600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE page_feedback (
      id text PRIMARY KEY,
      site_id text NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
      site_space_id text NOT NULL,
      page_id text NOT NULL,
      visitor text NOT NULL,
      rating text NOT NULL CHECK (rating IN ('bad', 'ok', 'good')),
      comment text,
      created_at timestamptz(3) NOT NULL DEFAULT clock_timestamp(),
      UNIQUE (site_id, page_id, visitor)
    )`);
    await q.query('CREATE INDEX page_feedback_site_created ON page_feedback (site_id, created_at DESC, id DESC)');
    await q.query('CREATE INDEX page_feedback_visitor_created ON page_feedback (site_id, visitor, created_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE page_feedback');
  }
}
