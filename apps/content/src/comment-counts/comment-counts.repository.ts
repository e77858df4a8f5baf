import type { CommentCountEvent } from '@bindery/contracts';
import { preparedQuery } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** `Space.comments` (`space_comment_counts`) and `ChangeRequest.comments`, written from collaboration's count events. */
@Injectable()
export class CommentCountsRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * Stores each target's count when its event is newer than the one stored (its version is
   * higher): a redelivered or reordered event changes nothing. An unknown space or change request:
   * nothing. Only the newest event of each target in `events` is written, and every space's in ONE
   * statement (events delivered together behind a busy content: one statement for the batch, not
   * one per comment posted), its rows locked in space id order so two batches never deadlock.
   * Run straight on the pg pool, without a TypeORM query runner around it.
   */
  async store(events: CommentCountEvent[]): Promise<void> {
    const spaces: CommentCountEvent[] = [];
    const changeRequests: CommentCountEvent[] = [];
    for (const event of newestPerTarget(events)) (event.changeRequestId === undefined ? spaces : changeRequests).push(event);
    if (spaces.length > 0) {
      // Its own row, not the space row (which merges lock): a count never waits for a merge.
      await preparedQuery(
        this.db,
        'content.space-comment-counts',
        `INSERT INTO space_comment_counts AS c (space_id, open, version)
         SELECT e.space_id, e.open, e.version FROM unnest($1::text[], $2::int[], $3::bigint[]) AS e(space_id, open, version)
         WHERE EXISTS (SELECT 1 FROM spaces s WHERE s.id = e.space_id) ORDER BY e.space_id
         ON CONFLICT (space_id) DO UPDATE SET open = EXCLUDED.open, version = EXCLUDED.version WHERE c.version < EXCLUDED.version`,
        [spaces.map((e) => e.spaceId), spaces.map((e) => e.open), spaces.map((e) => e.version)],
      );
    }
    // Comments on change requests are rare beside the space's own: one statement each, as before.
    for (const event of changeRequests) {
      await preparedQuery(
        this.db,
        'content.change-request-comment-count',
        'UPDATE change_requests SET comments = $1, comments_version = $2 WHERE id = $3 AND space_id = $4 AND comments_version < $2',
        [event.open, event.version, event.changeRequestId, event.spaceId],
      );
    }
  }
}

/** The event of the highest version of each target (space, or change request of a space), in target order. */
function newestPerTarget(events: CommentCountEvent[]): CommentCountEvent[] {
  const newest = new Map<string, CommentCountEvent>();
  for (const event of events) {
    const key = `${event.spaceId}\u0000${event.changeRequestId ?? ''}`;
    const known = newest.get(key);
    if (!known || known.version < event.version) newest.set(key, event);
  }
  return [...newest.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, event]) => event);
}
