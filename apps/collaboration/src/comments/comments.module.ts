import { CurrentUsers } from '@bindery/platform';
import { ServiceClient, spaceAccessClientProvider } from '@bindery/platform/nest';
import { Module } from '@nestjs/common';
import { CommentEvents } from './comment-events';
import { CommentScopes } from './comment-scopes';
import { CommentUpdates } from './comment-updates';
import { CommentersService } from './commenters.service';
import { CommentsHandler } from './comments.handler';
import { CommentsRepository } from './comments.repository';
import { CommentsService } from './comments.service';
import { RepliesService } from './replies.service';

/** Comments, replies, reactions, mentions and commenters. */
@Module({
  controllers: [CommentsHandler],
  providers: [
    spaceAccessClientProvider(ServiceClient),
    // The caller as a comment's author, reused across their requests (see CurrentUsers).
    { provide: CurrentUsers, useFactory: (client: ServiceClient) => new CurrentUsers(client), inject: [ServiceClient] },
    CommentsRepository,
    CommentScopes,
    CommentEvents,
    CommentUpdates,
    CommentsService,
    RepliesService,
    CommentersService,
  ],
  exports: [CommentsRepository],
})
export class CommentsModule {}
