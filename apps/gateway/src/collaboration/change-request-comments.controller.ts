import {
  CollaborationSubjects as S,
  type Comment,
  type CommentReply,
  type List,
  type Member,
  type RequestContext,
} from '@bindery/contracts';
import { type JsonBytes, ServiceClient } from '@bindery/platform/nest';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { PageQuery } from '../common/page.query';
import { Ctx } from '../common/request-context.decorator';
import {
  CommentListQuery,
  ChangeRequestParams,
  ChangeRequestCommentParams,
  ChangeRequestReplyParams,
  FormatQuery,
  PostCommentRequest,
  PostReplyRequest,
  ReplyListQuery,
  UpdateCommentRequest,
} from './dto/comment.request';
import { Relayed } from '../common/relayed.decorator';

/** Comments on a change request (its id or number), their replies and commenters (collaboration). */
@Controller('v1/spaces/:spaceId/change-requests/:changeRequestId')
export class ChangeRequestCommentsController {
  constructor(private readonly services: ServiceClient) {}

  @Get('comments')
  @Relayed()
  list(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestParams,
    @Query() query: CommentListQuery,
  ): Promise<JsonBytes<List<Comment>>> {
    return this.services.relay(S.commentList, ctx, { ...query, ...params });
  }

  @Post('comments')
  @Relayed()
  @HttpCode(200)
  create(@Ctx() ctx: RequestContext, @Param() params: ChangeRequestParams, @Body() body: PostCommentRequest): Promise<JsonBytes<Comment>> {
    return this.services.relay(S.commentCreate, ctx, { ...body, ...params });
  }

  @Get('comments/:commentId')
  @Relayed()
  get(@Ctx() ctx: RequestContext, @Param() params: ChangeRequestCommentParams, @Query() query: FormatQuery): Promise<JsonBytes<Comment>> {
    return this.services.relay(S.commentGet, ctx, { ...query, ...params });
  }

  @Put('comments/:commentId')
  @Relayed()
  update(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestCommentParams,
    @Body() body: UpdateCommentRequest,
  ): Promise<JsonBytes<Comment>> {
    return this.services.relay(S.commentUpdate, ctx, { ...body, ...params });
  }

  @Delete('comments/:commentId')
  @HttpCode(204)
  async delete(@Ctx() ctx: RequestContext, @Param() params: ChangeRequestCommentParams): Promise<void> {
    await this.services.send(S.commentDelete, ctx, { ...params });
  }

  @Get('comments/:commentId/replies')
  @Relayed()
  listReplies(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestCommentParams,
    @Query() query: ReplyListQuery,
  ): Promise<JsonBytes<List<CommentReply>>> {
    return this.services.relay(S.replyList, ctx, { ...query, ...params });
  }

  @Post('comments/:commentId/replies')
  @Relayed()
  @HttpCode(200)
  createReply(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestCommentParams,
    @Body() body: PostReplyRequest,
  ): Promise<JsonBytes<CommentReply>> {
    return this.services.relay(S.replyCreate, ctx, { ...body, ...params });
  }

  @Get('comments/:commentId/replies/:commentReplyId')
  @Relayed()
  getReply(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestReplyParams,
    @Query() query: FormatQuery,
  ): Promise<JsonBytes<CommentReply>> {
    return this.services.relay(S.replyGet, ctx, { ...query, ...params });
  }

  @Put('comments/:commentId/replies/:commentReplyId')
  @Relayed()
  updateReply(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestReplyParams,
    @Body() body: UpdateCommentRequest,
  ): Promise<JsonBytes<CommentReply>> {
    return this.services.relay(S.replyUpdate, ctx, { ...body, ...params });
  }

  @Delete('comments/:commentId/replies/:commentReplyId')
  @HttpCode(204)
  async deleteReply(@Ctx() ctx: RequestContext, @Param() params: ChangeRequestReplyParams): Promise<void> {
    await this.services.send(S.replyDelete, ctx, { ...params });
  }

  @Get('commenters')
  @Relayed()
  commenters(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestParams,
    @Query() query: PageQuery,
  ): Promise<JsonBytes<List<Member>>> {
    return this.services.relay(S.commenterList, ctx, { ...query, ...params });
  }
}
