import { IdentitySubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SsoService } from './sso.service';

const S = IdentitySubjects;

@Controller()
export class SsoHandler {
  constructor(private readonly sso: SsoService) {}

  @MessagePattern(S.ssoStart)
  start(@Payload() { ctx, data }: RpcEnvelope<typeof S.ssoStart>): Promise<RpcResult<typeof S.ssoStart>> {
    return this.sso.start(ctx, data.organizationId, data.samlProviderId);
  }

  @MessagePattern(S.ssoAssert)
  assert(@Payload() { ctx, data }: RpcEnvelope<typeof S.ssoAssert>): Promise<RpcResult<typeof S.ssoAssert>> {
    return this.sso.assert(ctx, data);
  }
}
