import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Comments of a space's main content (`change_request_id` '') or of a change request, their
 * replies, reactions and mentions, and one counter row per target whose version orders the
 * count events content stores.
 */
export class CreateComments1767571200000 implements MigrationInterface {
  name = 'CreateComments1767571200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE comment_targets (
        space_id text NOT NULL,
        change_request_id text NOT NULL,
        organization_id text NOT NULL,
        version bigint NOT NULL,
        PRIMARY KEY (space_id, change_request_id)
      )`);
    await q.query(`
      CREATE TABLE comments (
        id text PRIMARY KEY,
        organization_id text NOT NULL,
        space_id text NOT NULL,
        change_request_id text NOT NULL,
        revision_id text NOT NULL,
        target_page text,
        target_node text,
        table_record text,
        table_definition text,
        author_id text NOT NULL,
        author jsonb NOT NULL,
        body_markdown text NOT NULL,
        body_document jsonb NOT NULL,
        posted_at timestamptz(3) NOT NULL,
        edited_at timestamptz(3),
        resolved_at timestamptz(3),
        resolved_by jsonb,
        hidden_at timestamptz(3)
      )`);
    await q.query('CREATE INDEX comments_by_target ON comments (space_id, change_request_id, posted_at, id)');
    await q.query(
      'CREATE INDEX comments_open_by_target ON comments (space_id, change_request_id, posted_at, id) WHERE resolved_at IS NULL',
    );
    await q.query('CREATE INDEX comments_by_author ON comments (space_id, change_request_id, author_id, posted_at, id)');
    await q.query(`
      CREATE TABLE comment_replies (
        id text PRIMARY KEY,
        comment_id text NOT NULL REFERENCES comments (id) ON DELETE CASCADE,
        author_id text NOT NULL,
        author jsonb NOT NULL,
        body_markdown text NOT NULL,
        body_document jsonb NOT NULL,
        posted_at timestamptz(3) NOT NULL,
        edited_at timestamptz(3)
      )`);
    await q.query('CREATE INDEX comment_replies_by_comment ON comment_replies (comment_id, posted_at, id)');
    await q.query('CREATE INDEX comment_replies_by_author ON comment_replies (author_id)');
    // reply_id '' is a reaction to the comment itself.
    await q.query(`
      CREATE TABLE comment_reactions (
        comment_id text NOT NULL REFERENCES comments (id) ON DELETE CASCADE,
        reply_id text NOT NULL,
        emoji text NOT NULL,
        user_id text NOT NULL,
        "user" jsonb NOT NULL,
        reacted_at timestamptz(3) NOT NULL,
        PRIMARY KEY (comment_id, reply_id, emoji, user_id)
      )`);
    await q.query(`
      CREATE TABLE comment_mentions (
        id text PRIMARY KEY,
        comment_id text NOT NULL REFERENCES comments (id) ON DELETE CASCADE,
        reply_id text NOT NULL,
        user_id text NOT NULL,
        mentioned_by text NOT NULL,
        created_at timestamptz(3) NOT NULL,
        UNIQUE (comment_id, reply_id, user_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['comment_mentions', 'comment_reactions', 'comment_replies', 'comments', 'comment_targets']) {
      await q.query(`DROP TABLE ${table}`);
    }
  }
}
