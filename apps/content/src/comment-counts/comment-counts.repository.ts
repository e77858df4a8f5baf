import type { CommentCountEvent } from '@bindery/contracts';
import { preparedQuery } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** `Space.comments` (`space_comment_counts`) and `ChangeRequest.comments`, written from collaboration's count events. */
@Injectable()
export class CommentCountsRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * Stores the count when the event is newer than the one stored (its version is higher): a
   * redelivered or reordered event changes nothing. An unknown space or change request: nothing.
   * One statement per post, in content (the soak's busiest process): run straight on the pg pool,
   * without a TypeORM query runner around it.
   */
  async store(event: CommentCountEvent): Promise<void> {
    if (event.changeRequestId === undefined) {
      // Its own row, not the space row (which merges lock): a count never waits for a merge.
      await preparedQuery(
        this.db,
        'content.space-comment-count',
        `INSERT INTO space_comment_counts AS c (space_id, open, version) SELECT id, $2::int, $3::bigint FROM spaces WHERE id = $1
         ON CONFLICT (space_id) DO UPDATE SET open = EXCLUDED.open, version = EXCLUDED.version WHERE c.version < EXCLUDED.version`,
        [event.spaceId, event.open, event.version],
      );
    } else {
      await preparedQuery(
        this.db,
        'content.change-request-comment-count',
        'UPDATE change_requests SET comments = $1, comments_version = $2 WHERE id = $3 AND space_id = $4 AND comments_version < $2',
        [event.open, event.version, event.changeRequestId, event.spaceId],
      );
    }
  }
}
