import {
  type ChangeRequestRequestedReviewer,
  type ChangeRequestReview,
  ContentSubjects,
  type List,
  type RequestContext,
  type RequestReviewersResult,
} from '@bindery/contracts';
import { type JsonBytes, ServiceClient } from '@bindery/platform/nest';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { PageQuery } from '../common/page.query';
import { Ctx } from '../common/request-context.decorator';
import {
  RequestedReviewerParams,
  RequestReviewersRequest,
  ReviewFormatQuery,
  ReviewListQuery,
  ReviewParams,
  SubmitReviewRequest,
} from './dto/change-request-review.request';
import { ChangeRequestParams } from './dto/content.params';
import { Relayed } from '../common/relayed.decorator';

/** Requested reviewers and reviews of a change request. */
@Controller('v1/spaces/:spaceId/change-requests/:changeRequestId')
export class ChangeRequestReviewsController {
  constructor(private readonly services: ServiceClient) {}

  @Get('requested-reviewers')
  @Relayed()
  listRequested(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestParams,
    @Query() query: PageQuery,
  ): Promise<JsonBytes<List<ChangeRequestRequestedReviewer>>> {
    return this.services.relay(ContentSubjects.requestedReviewerList, ctx, { ...query, ...params });
  }

  @Post('requested-reviewers')
  @Relayed()
  @HttpCode(200)
  request(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestParams,
    @Body() body: RequestReviewersRequest,
  ): Promise<JsonBytes<RequestReviewersResult>> {
    return this.services.relay(ContentSubjects.requestedReviewersAdd, ctx, { ...body, ...params });
  }

  /** 205 when the request was withdrawn, 204 when the user had not been asked (the official codes). */
  @Delete('requested-reviewers/:userId')
  async removeRequested(@Ctx() ctx: RequestContext, @Param() params: RequestedReviewerParams, @Res() reply: FastifyReply): Promise<void> {
    const result = await this.services.send(ContentSubjects.requestedReviewerRemove, ctx, { ...params });
    // The status depends on the outcome, so the reply is sent here rather than by Nest.
    await reply.status(result.removed ? 205 : 204).send();
  }

  @Get('reviews')
  @Relayed()
  list(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestParams,
    @Query() query: ReviewListQuery,
  ): Promise<JsonBytes<List<ChangeRequestReview>>> {
    return this.services.relay(ContentSubjects.reviewList, ctx, { ...query, ...params });
  }

  @Post('reviews')
  @HttpCode(201)
  async submit(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestParams,
    @Body() body: SubmitReviewRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ChangeRequestReview> {
    const review = await this.services.send(ContentSubjects.reviewSubmit, ctx, { ...body, ...params });
    void reply.header('location', review.urls.location);
    return review;
  }

  @Get('reviews/:reviewId')
  @Relayed()
  get(
    @Ctx() ctx: RequestContext,
    @Param() params: ReviewParams,
    @Query() query: ReviewFormatQuery,
  ): Promise<JsonBytes<ChangeRequestReview>> {
    return this.services.relay(ContentSubjects.reviewGet, ctx, { ...query, ...params });
  }
}
