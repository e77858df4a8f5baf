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
  SpaceParams,
  CommentParams,
  FormatQuery,
  PostCommentRequest,
  PostReplyRequest,
  ReplyListQuery,
  ReplyParams,
  UpdateCommentRequest,
  UpdateReplyRequest,
} from './dto/comment.request';

/** Comments on a space's main content, their replies and commenters (collaboration). */
@Controller('v1/spaces/:spaceId')
export class SpaceCommentsController {
  constructor(private readonly services: ServiceClient) {}

  @Get('comments')
  list(@Ctx() ctx: RequestContext, @Param() params: SpaceParams, @Query() query: CommentListQuery): Promise<List<Comment>> {
    return this.services.send(S.commentList, ctx, { ...query, ...params });
  }

  @Post('comments')
  @HttpCode(200)
  create(@Ctx() ctx: RequestContext, @Param() params: SpaceParams, @Body() body: PostCommentRequest): Promise<Comment> {
    return this.services.send(S.commentCreate, ctx, { ...body, ...params });
  }

  @Get('comments/:commentId')
  get(@Ctx() ctx: RequestContext, @Param() params: CommentParams, @Query() query: FormatQuery): Promise<Comment> {
    return this.services.send(S.commentGet, ctx, { ...query, ...params });
  }

  @Put('comments/:commentId')
  update(@Ctx() ctx: RequestContext, @Param() params: CommentParams, @Body() body: UpdateCommentRequest): Promise<Comment> {
    return this.services.send(S.commentUpdate, ctx, { ...body, ...params });
  }

  @Delete('comments/:commentId')
  @HttpCode(204)
  async delete(@Ctx() ctx: RequestContext, @Param() params: CommentParams): Promise<void> {
    await this.services.send(S.commentDelete, ctx, { ...params });
  }

  @Get('comments/:commentId/replies')
  listReplies(@Ctx() ctx: RequestContext, @Param() params: CommentParams, @Query() query: ReplyListQuery): Promise<List<CommentReply>> {
    return this.services.send(S.replyList, ctx, { ...query, ...params });
  }

  @Post('comments/:commentId/replies')
  @HttpCode(200)
  createReply(@Ctx() ctx: RequestContext, @Param() params: CommentParams, @Body() body: PostReplyRequest): Promise<CommentReply> {
    return this.services.send(S.replyCreate, ctx, { ...body, ...params });
  }

  @Get('comments/:commentId/replies/:commentReplyId')
  getReply(@Ctx() ctx: RequestContext, @Param() params: ReplyParams, @Query() query: FormatQuery): Promise<CommentReply> {
    return this.services.send(S.replyGet, ctx, { ...query, ...params });
  }

  @Put('comments/:commentId/replies/:commentReplyId')
  updateReply(@Ctx() ctx: RequestContext, @Param() params: ReplyParams, @Body() body: UpdateReplyRequest): Promise<CommentReply> {
    return this.services.send(S.replyUpdate, ctx, { ...body, ...params });
  }

  @Delete('comments/:commentId/replies/:commentReplyId')
  @HttpCode(204)
  async deleteReply(@Ctx() ctx: RequestContext, @Param() params: ReplyParams): Promise<void> {
    await this.services.send(S.replyDelete, ctx, { ...params });
  }

  @Get('commenters')
  commenters(@Ctx() ctx: RequestContext, @Param() params: SpaceParams, @Query() query: PageQuery): Promise<List<Member>> {
    return this.services.send(S.commenterList, ctx, { ...query, ...params });
  }
}
