import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Review requests and reviews of change requests. A review request lasts until the user reviews
 * (or is removed); a review stays, and is marked superseded when the same user reviews again or
 * is asked again, so only one review per user counts towards the merge rules.
 */
export class AddChangeRequestReviews1767530000000 implements MigrationInterface {
  name = 'AddChangeRequestReviews1767530000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE change_request_reviewers (
      change_request_id text NOT NULL REFERENCES change_requests(id) ON DELETE CASCADE,
      user_id text NOT NULL,
      reviewer jsonb NOT NULL,
      requested_by jsonb NOT NULL,
      revision_id text NOT NULL,
      created_at timestamptz(3) NOT NULL,
      PRIMARY KEY (change_request_id, user_id)
    )`);
    // The requestedReviewer filter of the change request lists starts from the user.
    await q.query('CREATE INDEX change_request_reviewers_user_idx ON change_request_reviewers (user_id, change_request_id)');
    await q.query(`CREATE TABLE change_request_reviews (
      id text PRIMARY KEY,
      change_request_id text NOT NULL REFERENCES change_requests(id) ON DELETE CASCADE,
      reviewer_id text NOT NULL,
      reviewer jsonb NOT NULL,
      requested_by jsonb,
      status text NOT NULL CHECK (status IN ('approved', 'changes-requested')),
      revision_id text NOT NULL,
      comment_id text,
      comment jsonb,
      superseded boolean NOT NULL DEFAULT false,
      created_at timestamptz(3) NOT NULL,
      updated_at timestamptz(3) NOT NULL
    )`);
    await q.query('CREATE INDEX change_request_reviews_list_idx ON change_request_reviews (change_request_id, created_at, id)');
    await q.query(
      'CREATE INDEX change_request_reviews_standing_idx ON change_request_reviews (change_request_id, reviewer_id) WHERE NOT superseded',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE change_request_reviews');
    await q.query('DROP TABLE change_request_reviewers');
  }
}
