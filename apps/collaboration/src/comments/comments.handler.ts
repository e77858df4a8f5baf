import { CollaborationSubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CommentersService } from './commenters.service';
import { CommentsService } from './comments.service';
import { RepliesService } from './replies.service';

const S = CollaborationSubjects;

/** NATS handlers: unpack the envelope, call the service. */
@Controller()
export class CommentsHandler {
  constructor(
    private readonly comments: CommentsService,
    private readonly replies: RepliesService,
    private readonly commenters: CommentersService,
  ) {}

  @MessagePattern(S.commentList)
  list(@Payload() { ctx, data }: RpcEnvelope<typeof S.commentList>): Promise<RpcResult<typeof S.commentList>> {
    return this.comments.list(ctx, data);
  }

  @MessagePattern(S.commentCreate)
  create(@Payload() { ctx, data }: RpcEnvelope<typeof S.commentCreate>): Promise<RpcResult<typeof S.commentCreate>> {
    return this.comments.create(ctx, data);
  }

  @MessagePattern(S.commentGet)
  get(@Payload() { ctx, data }: RpcEnvelope<typeof S.commentGet>): Promise<RpcResult<typeof S.commentGet>> {
    return this.comments.get(ctx, data);
  }

  @MessagePattern(S.commentUpdate)
  update(@Payload() { ctx, data }: RpcEnvelope<typeof S.commentUpdate>): Promise<RpcResult<typeof S.commentUpdate>> {
    return this.comments.update(ctx, data);
  }

  @MessagePattern(S.commentDelete)
  delete(@Payload() { ctx, data }: RpcEnvelope<typeof S.commentDelete>): Promise<RpcResult<typeof S.commentDelete>> {
    return this.comments.delete(ctx, data);
  }

  @MessagePattern(S.replyList)
  listReplies(@Payload() { ctx, data }: RpcEnvelope<typeof S.replyList>): Promise<RpcResult<typeof S.replyList>> {
    return this.replies.list(ctx, data);
  }

  @MessagePattern(S.replyCreate)
  createReply(@Payload() { ctx, data }: RpcEnvelope<typeof S.replyCreate>): Promise<RpcResult<typeof S.replyCreate>> {
    return this.replies.create(ctx, data);
  }

  @MessagePattern(S.replyGet)
  getReply(@Payload() { ctx, data }: RpcEnvelope<typeof S.replyGet>): Promise<RpcResult<typeof S.replyGet>> {
    return this.replies.get(ctx, data);
  }

  @MessagePattern(S.replyUpdate)
  updateReply(@Payload() { ctx, data }: RpcEnvelope<typeof S.replyUpdate>): Promise<RpcResult<typeof S.replyUpdate>> {
    return this.replies.update(ctx, data);
  }

  @MessagePattern(S.replyDelete)
  deleteReply(@Payload() { ctx, data }: RpcEnvelope<typeof S.replyDelete>): Promise<RpcResult<typeof S.replyDelete>> {
    return this.replies.delete(ctx, data);
  }

  @MessagePattern(S.commenterList)
  listCommenters(@Payload() { ctx, data }: RpcEnvelope<typeof S.commenterList>): Promise<RpcResult<typeof S.commenterList>> {
    return this.commenters.list(ctx, data);
  }
}
