import {
  type ChangeRequestRequestedReviewer,
  type ChangeRequestReview,
  ContentSubjects,
  type Envelope,
  type List,
  type RequestedReviewerRef,
  type RequestedReviewerRemoveResult,
  type RequestedReviewersListInput,
  type RequestReviewersInput,
  type RequestReviewersResult,
  type ReviewGetInput,
  type ReviewsListInput,
  type ReviewSubmitInput,
} from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RequestedReviewersService } from './requested-reviewers.service';
import { ReviewsService } from './reviews.service';

@Controller()
export class ReviewsHandler {
  constructor(
    private readonly requested: RequestedReviewersService,
    private readonly reviews: ReviewsService,
  ) {}

  @MessagePattern(ContentSubjects.requestedReviewerList)
  listRequested(@Payload() { ctx, data }: Envelope<RequestedReviewersListInput>): Promise<List<ChangeRequestRequestedReviewer>> {
    return this.requested.list(ctx, data);
  }

  @MessagePattern(ContentSubjects.requestedReviewersAdd)
  request(@Payload() { ctx, data }: Envelope<RequestReviewersInput>): Promise<RequestReviewersResult> {
    return this.requested.request(ctx, data);
  }

  @MessagePattern(ContentSubjects.requestedReviewerRemove)
  removeRequested(@Payload() { ctx, data }: Envelope<RequestedReviewerRef>): Promise<RequestedReviewerRemoveResult> {
    return this.requested.remove(ctx, data);
  }

  @MessagePattern(ContentSubjects.reviewList)
  list(@Payload() { ctx, data }: Envelope<ReviewsListInput>): Promise<List<ChangeRequestReview>> {
    return this.reviews.list(ctx, data);
  }

  @MessagePattern(ContentSubjects.reviewSubmit)
  submit(@Payload() { ctx, data }: Envelope<ReviewSubmitInput>): Promise<ChangeRequestReview> {
    return this.reviews.submit(ctx, data);
  }

  @MessagePattern(ContentSubjects.reviewGet)
  get(@Payload() { ctx, data }: Envelope<ReviewGetInput>): Promise<ChangeRequestReview> {
    return this.reviews.get(ctx, data);
  }
}
