import { ContentSubjects as S, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ComputedContentService } from './computed-content.service';

@Controller()
export class ComputedHandler {
  constructor(private readonly computed: ComputedContentService) {}

  @MessagePattern(S.computedRevision)
  revision(@Payload() { ctx, data }: RpcEnvelope<typeof S.computedRevision>): Promise<RpcResult<typeof S.computedRevision>> {
    return this.computed.revision(ctx, data);
  }

  @MessagePattern(S.computedDocument)
  document(@Payload() { ctx, data }: RpcEnvelope<typeof S.computedDocument>): Promise<RpcResult<typeof S.computedDocument>> {
    return this.computed.document(ctx, data);
  }
}
