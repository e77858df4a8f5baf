import { ContentSubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CommentTargetsService } from './comment-targets.service';

const S = ContentSubjects;

/** Answers collaboration's target checks (no gateway route reaches it). */
@Controller()
export class CommentTargetsHandler {
  constructor(private readonly targets: CommentTargetsService) {}

  @MessagePattern(S.commentTargetCheck)
  check(@Payload() { ctx, data }: RpcEnvelope<typeof S.commentTargetCheck>): Promise<RpcResult<typeof S.commentTargetCheck>> {
    return this.targets.check(ctx, data);
  }
}
