import { Module } from '@nestjs/common';
import { ChangeRequestsModule } from '../change-requests/change-requests.module';
import { RevisionsModule } from '../store/revisions.module';
import { CommentTargetsHandler } from './comment-targets.handler';
import { CommentTargetsService } from './comment-targets.service';

/** Comment targets checked against revisions, for collaboration. */
@Module({
  imports: [ChangeRequestsModule, RevisionsModule],
  controllers: [CommentTargetsHandler],
  providers: [CommentTargetsService],
})
export class CommentTargetsModule {}
