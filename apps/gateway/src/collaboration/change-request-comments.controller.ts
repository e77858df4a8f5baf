import {
  CollaborationSubjects as S,
  type Comment,
  type CommentReply,
  type List,
  type Member,
  type RequestContext,
} from '@bindery/contracts';
import { ServiceClient } from '@bindery/platform/nest';
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

/** Comments on a change request (its id or number), their replies and commenters (collaboration). */
@Controller('v1/spaces/:spaceId/change-requests/:changeRequestId')
export class ChangeRequestCommentsController {
  constructor(private readonly services: ServiceClient) {}

  @Get('comments')
  list(@Ctx() ctx: RequestContext, @Param() params: ChangeRequestParams, @Query() query: CommentListQuery): Promise<List<Comment>> {
    return this.services.send(S.commentList, ctx, { ...query, ...params });
  }

  @Post('comments')
  @HttpCode(200)
  create(@Ctx() ctx: RequestContext, @Param() params: ChangeRequestParams, @Body() body: PostCommentRequest): Promise<Comment> {
    return this.services.send(S.commentCreate, ctx, { ...body, ...params });
  }

  @Get('comments/:commentId')
  get(@Ctx() ctx: RequestContext, @Param() params: ChangeRequestCommentParams, @Query() query: FormatQuery): Promise<Comment> {
    return this.services.send(S.commentGet, ctx, { ...query, ...params });
  }

  @Put('comments/:commentId')
  update(@Ctx() ctx: RequestContext, @Param() params: ChangeRequestCommentParams, @Body() body: UpdateCommentRequest): Promise<Comment> {
    return this.services.send(S.commentUpdate, ctx, { ...body, ...params });
  }

  @Delete('comments/:commentId')
  @HttpCode(204)
  async delete(@Ctx() ctx: RequestContext, @Param() params: ChangeRequestCommentParams): Promise<void> {
    await this.services.send(S.commentDelete, ctx, { ...params });
  }

  @Get('comments/:commentId/replies')
  listReplies(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestCommentParams,
    @Query() query: ReplyListQuery,
  ): Promise<List<CommentReply>> {
    return this.services.send(S.replyList, ctx, { ...query, ...params });
  }

  @Post('comments/:commentId/replies')
  @HttpCode(200)
  createReply(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestCommentParams,
    @Body() body: PostReplyRequest,
  ): Promise<CommentReply> {
    return this.services.send(S.replyCreate, ctx, { ...body, ...params });
  }

  @Get('comments/:commentId/replies/:commentReplyId')
  getReply(@Ctx() ctx: RequestContext, @Param() params: ChangeRequestReplyParams, @Query() query: FormatQuery): Promise<CommentReply> {
    return this.services.send(S.replyGet, ctx, { ...query, ...params });
  }

  @Put('comments/:commentId/replies/:commentReplyId')
  updateReply(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestReplyParams,
    @Body() body: UpdateCommentRequest,
  ): Promise<CommentReply> {
    return this.services.send(S.replyUpdate, ctx, { ...body, ...params });
  }

  @Delete('comments/:commentId/replies/:commentReplyId')
  @HttpCode(204)
  async deleteReply(@Ctx() ctx: RequestContext, @Param() params: ChangeRequestReplyParams): Promise<void> {
    await this.services.send(S.replyDelete, ctx, { ...params });
  }

  @Get('commenters')
  commenters(@Ctx() ctx: RequestContext, @Param() params: ChangeRequestParams, @Query() query: PageQuery): Promise<List<Member>> {
    return this.services.send(S.commenterList, ctx, { ...query, ...params });
  }
}
