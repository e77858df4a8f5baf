import { ContentSubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RequestedReviewersService } from './requested-reviewers.service';
import { ReviewsService } from './reviews.service';

const S = ContentSubjects;

@Controller()
export class ReviewsHandler {
  constructor(
    private readonly requested: RequestedReviewersService,
    private readonly reviews: ReviewsService,
  ) {}

  @MessagePattern(S.requestedReviewerList)
  listRequested(@Payload() { ctx, data }: RpcEnvelope<typeof S.requestedReviewerList>): Promise<RpcResult<typeof S.requestedReviewerList>> {
    return this.requested.list(ctx, data);
  }

  @MessagePattern(S.requestedReviewersAdd)
  request(@Payload() { ctx, data }: RpcEnvelope<typeof S.requestedReviewersAdd>): Promise<RpcResult<typeof S.requestedReviewersAdd>> {
    return this.requested.request(ctx, data);
  }

  @MessagePattern(S.requestedReviewerRemove)
  removeRequested(
    @Payload() { ctx, data }: RpcEnvelope<typeof S.requestedReviewerRemove>,
  ): Promise<RpcResult<typeof S.requestedReviewerRemove>> {
    return this.requested.remove(ctx, data);
  }

  @MessagePattern(S.reviewList)
  list(@Payload() { ctx, data }: RpcEnvelope<typeof S.reviewList>): Promise<RpcResult<typeof S.reviewList>> {
    return this.reviews.list(ctx, data);
  }

  @MessagePattern(S.reviewSubmit)
  submit(@Payload() { ctx, data }: RpcEnvelope<typeof S.reviewSubmit>): Promise<RpcResult<typeof S.reviewSubmit>> {
    return this.reviews.submit(ctx, data);
  }

  @MessagePattern(S.reviewGet)
  get(@Payload() { ctx, data }: RpcEnvelope<typeof S.reviewGet>): Promise<RpcResult<typeof S.reviewGet>> {
    return this.reviews.get(ctx, data);
  }
}
