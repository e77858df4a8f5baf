import { ContentSubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ReusableContentsService } from './reusable-contents.service';

const S = ContentSubjects;

/** Reusable contents of a space, a change request or a revision. */
@Controller()
export class ReusableContentsHandler {
  constructor(private readonly reusable: ReusableContentsService) {}

  @MessagePattern(S.reusableContentGet)
  get(@Payload() { ctx, data }: RpcEnvelope<typeof S.reusableContentGet>): Promise<RpcResult<typeof S.reusableContentGet>> {
    return this.reusable.get(ctx, data);
  }

  @MessagePattern(S.reusableContentDocument)
  document(@Payload() { ctx, data }: RpcEnvelope<typeof S.reusableContentDocument>): Promise<RpcResult<typeof S.reusableContentDocument>> {
    return this.reusable.document(ctx, data);
  }
}
