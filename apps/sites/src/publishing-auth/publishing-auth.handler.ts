import { type RpcEnvelope, type RpcResult, SitesSubjects } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PublishingAuthService } from './publishing-auth.service';

const S = SitesSubjects;

@Controller()
export class PublishingAuthHandler {
  constructor(private readonly auth: PublishingAuthService) {}

  @MessagePattern(S.publishingAuthGet)
  get(@Payload() { ctx, data }: RpcEnvelope<typeof S.publishingAuthGet>): Promise<RpcResult<typeof S.publishingAuthGet>> {
    return this.auth.get(ctx, data);
  }

  @MessagePattern(S.publishingAuthUpdate)
  update(@Payload() { ctx, data }: RpcEnvelope<typeof S.publishingAuthUpdate>): Promise<RpcResult<typeof S.publishingAuthUpdate>> {
    return this.auth.update(ctx, data);
  }

  @MessagePattern(S.publishingAuthRegenerate)
  regenerate(
    @Payload() { ctx, data }: RpcEnvelope<typeof S.publishingAuthRegenerate>,
  ): Promise<RpcResult<typeof S.publishingAuthRegenerate>> {
    return this.auth.regenerate(ctx, data);
  }
}
