import { PublishingAuthSubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PublishingAuthService } from './publishing-auth.service';

type S = typeof PublishingAuthSubjects;

@Controller()
export class PublishingAuthHandler {
  constructor(private readonly auth: PublishingAuthService) {}

  @MessagePattern(PublishingAuthSubjects.get)
  get(@Payload() { ctx, data }: RpcEnvelope<S['get']>): Promise<RpcResult<S['get']>> {
    return this.auth.get(ctx, data);
  }

  @MessagePattern(PublishingAuthSubjects.update)
  update(@Payload() { ctx, data }: RpcEnvelope<S['update']>): Promise<RpcResult<S['update']>> {
    return this.auth.update(ctx, data);
  }

  @MessagePattern(PublishingAuthSubjects.regenerate)
  regenerate(@Payload() { ctx, data }: RpcEnvelope<S['regenerate']>): Promise<RpcResult<S['regenerate']>> {
    return this.auth.regenerate(ctx, data);
  }
}
