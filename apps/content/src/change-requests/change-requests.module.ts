import { CurrentUsers } from '@bindery/platform';
import { ServiceClient } from '@bindery/platform/nest';
import { Module } from '@nestjs/common';
import { RememberedSpaces } from '../store/remembered-spaces';
import { StoreModule } from '../store/store.module';
import { ChangeRequestEditsService } from './change-request-edits.service';
import { ChangeRequestsHandler } from './change-requests.handler';
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

/** Change requests, their edits, merges and reviews. */
@Module({
  imports: [StoreModule],
  controllers: [ChangeRequestsHandler, ReviewsHandler],
  providers: [
    ChangeRequestsService,
    ChangeRequestEditsService,
    MergeService,
    // Spaces as the last open, edit or merge loaded them: where an edit starts from without reading its space.
    RememberedSpaces,
    ...REVIEW_PROVIDERS,
    // The caller as createdBy / mergedBy / reviewer, reused across their requests (see CurrentUsers).
    { provide: CurrentUsers, useFactory: (client: ServiceClient) => new CurrentUsers(client), inject: [ServiceClient] },
  ],
  // Re-exports the store, whose content reader the exports, links and comment targets use.
  exports: [StoreModule],
})
export class ChangeRequestsModule {}
