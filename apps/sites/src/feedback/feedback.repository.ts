import type { CursorKey } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface FeedbackRow {
  id: string;
  site_space_id: string;
  page_id: string;
  rating: string;
  comment: string | null;
  created_at: Date;
}

export interface NewFeedback {
  id: string;
  siteId: string;
  siteSpaceId: string;
  pageId: string;
  visitor: string;
  rating: string;
  comment: string | null;
}

/** Page ratings (`page_feedback`): one per site, page and visitor. */
@Injectable()
export class FeedbackRepository {
  constructor(private readonly db: DataSource) {}

  /** Whether the site is published and holds the site space (ratings come from published pages only). */
  async publishedSiteSpace(siteId: string, siteSpaceId: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      'SELECT 1 FROM site_spaces ss JOIN sites s ON s.id = ss.site_id WHERE ss.id = $2 AND s.id = $1 AND s.published',
      [siteId, siteSpaceId],
    );
    return rows.length > 0;
  }

  /** Ratings the visitor gave on the site since `since` (the rate limit's window). */
  async recentByVisitor(siteId: string, visitor: string, since: Date): Promise<number> {
    const rows: Array<{ n: number }> = await this.db.query(
      'SELECT count(*)::int AS n FROM page_feedback WHERE site_id = $1 AND visitor = $2 AND created_at >= $3',
      [siteId, visitor, since],
    );
    return rows[0].n;
  }

  /** Records the rating; the visitor's earlier rating of the page is replaced. */
  async upsert(feedback: NewFeedback): Promise<void> {
    await this.db.query(
      `INSERT INTO page_feedback (id, site_id, site_space_id, page_id, visitor, rating, comment)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (site_id, page_id, visitor) DO UPDATE
         SET site_space_id = EXCLUDED.site_space_id, rating = EXCLUDED.rating, comment = EXCLUDED.comment, created_at = clock_timestamp()`,
      [feedback.id, feedback.siteId, feedback.siteSpaceId, feedback.pageId, feedback.visitor, feedback.rating, feedback.comment],
    );
  }

  /** Newest first, keyed by (created_at, id). */
  async list(
    siteId: string,
    only: { pageId?: string; siteSpaceId?: string },
    take: number,
    after?: CursorKey,
  ): Promise<{ rows: FeedbackRow[]; count: number }> {
    const params: unknown[] = [siteId];
    const page = [
      only.pageId ? `AND page_id = $${params.push(only.pageId)}` : '',
      only.siteSpaceId ? `AND site_space_id = $${params.push(only.siteSpaceId)}` : '',
    ].join(' ');
    const counted: Array<{ n: number }> = await this.db.query(
      `SELECT count(*)::int AS n FROM page_feedback WHERE site_id = $1 ${page}`,
      params,
    );
    const keyset = after ? `AND (created_at, id) < ($${params.push(after[0])}::timestamptz, $${params.push(after[1])})` : '';
    const rows: FeedbackRow[] = await this.db.query(
      `SELECT id, site_space_id, page_id, rating, comment, created_at FROM page_feedback
       WHERE site_id = $1 ${page} ${keyset} ORDER BY created_at DESC, id DESC LIMIT ${Number(take)}`,
      params,
    );
    return { rows, count: counted[0].n };
  }
}
