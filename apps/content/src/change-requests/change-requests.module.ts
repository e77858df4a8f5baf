import { Module } from '@nestjs/common';
import { ContentReader } from '../reads/content-reader';
import { ContentReadsHandler } from '../reads/content-reads.handler';
import { ContentReadsService } from '../reads/content-reads.service';
import { PathHistory } from '../store/path-history';
import { RevisionsModule } from '../store/revisions.module';
import { SpacesModule } from '../spaces/spaces.module';
import { ChangeRequestEditsService } from './change-request-edits.service';
import { ChangeRequestsHandler } from './change-requests.handler';
import { ChangeRequestsRepository } from '../store/change-requests.repository';
import { ChangeRequestsService } from './change-requests.service';
import { MergeService } from './merge.service';
import { ChangeRequestLookup } from './reviews/change-request-lookup';
import { MergeRulesGate } from './reviews/merge-rules.gate';
import { RequestedReviewersRepository } from './reviews/requested-reviewers.repository';
import { RequestedReviewersService } from './reviews/requested-reviewers.service';
import { ReviewsHandler } from './reviews/reviews.handler';
import { ReviewsRepository } from './reviews/reviews.repository';
import { ReviewsService } from './reviews/reviews.service';

/** Reviews, review requests and the merge rules that read them. */
const REVIEW_PROVIDERS = [
  ChangeRequestLookup,
  RequestedReviewersRepository,
  RequestedReviewersService,
  ReviewsRepository,
  ReviewsService,
  MergeRulesGate,
];

/** Change requests and the content reads of spaces and change requests (both resolve revisions the same way). */
@Module({
  imports: [RevisionsModule, SpacesModule],
  controllers: [ChangeRequestsHandler, ContentReadsHandler, ReviewsHandler],
  providers: [
    ChangeRequestsService,
    ChangeRequestsRepository,
    ChangeRequestEditsService,
    MergeService,
    ContentReader,
    ContentReadsService,
    PathHistory,
    ...REVIEW_PROVIDERS,
  ],
  // Exports read content the way the content reads do.
  exports: [ContentReader],
})
export class ChangeRequestsModule {}
