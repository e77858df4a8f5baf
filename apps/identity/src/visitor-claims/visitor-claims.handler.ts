import { IdentitySubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { VisitorClaimsService } from './visitor-claims.service';

const S = IdentitySubjects;

@Controller()
export class VisitorClaimsHandler {
  constructor(private readonly visitorClaims: VisitorClaimsService) {}

  /** For sites: the key that verifies visitor claims. Public by nature, so no caller is needed. */
  @MessagePattern(S.visitorClaimsKey)
  async key(@Payload() { data }: RpcEnvelope<typeof S.visitorClaimsKey>): Promise<RpcResult<typeof S.visitorClaimsKey>> {
    return { key: await this.visitorClaims.publicKey(data.organizationId) };
  }
}
