import type { CommentCountEvent } from '@bindery/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** `Space.comments` and `ChangeRequest.comments`, written from collaboration's count events. */
@Injectable()
export class CommentCountsRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * Stores the count when the event is newer than the one stored (its version is higher): a
   * redelivered or reordered event changes nothing. An unknown space or change request: nothing.
   */
  async store(event: CommentCountEvent): Promise<void> {
    if (event.changeRequestId === undefined) {
      await this.db.query('UPDATE spaces SET comments = $1, comments_version = $2 WHERE id = $3 AND comments_version < $2', [
        event.open,
        event.version,
        event.spaceId,
      ]);
    } else {
      await this.db.query(
        'UPDATE change_requests SET comments = $1, comments_version = $2 WHERE id = $3 AND space_id = $4 AND comments_version < $2',
        [event.open, event.version, event.changeRequestId, event.spaceId],
      );
    }
  }
}
