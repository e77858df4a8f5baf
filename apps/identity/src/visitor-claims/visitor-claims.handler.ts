import { type Envelope, IdentitySubjects, type OrgScopedInput } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { JWK } from 'jose';
import { VisitorClaimsService } from './visitor-claims.service';

@Controller()
export class VisitorClaimsHandler {
  constructor(private readonly visitorClaims: VisitorClaimsService) {}

  /** For sites: the key that verifies visitor claims. Public by nature, so no caller is needed. */
  @MessagePattern(IdentitySubjects.visitorClaimsKey)
  async key(@Payload() { data }: Envelope<OrgScopedInput>): Promise<{ key: JWK }> {
    return { key: await this.visitorClaims.publicKey(data.organizationId) };
  }
}
