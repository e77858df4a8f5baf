import {
  type Envelope,
  IdentitySubjects,
  type SamlInput,
  type SsoAssertInput,
  type SsoAssertResult,
  type SsoStartResult,
} from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SsoService } from './sso.service';

@Controller()
export class SsoHandler {
  constructor(private readonly sso: SsoService) {}

  @MessagePattern(IdentitySubjects.ssoStart)
  start(@Payload() { ctx, data }: Envelope<SamlInput>): Promise<SsoStartResult> {
    return this.sso.start(ctx, data.organizationId, data.samlProviderId);
  }

  @MessagePattern(IdentitySubjects.ssoAssert)
  assert(@Payload() { ctx, data }: Envelope<SsoAssertInput>): Promise<SsoAssertResult> {
    return this.sso.assert(ctx, data);
  }
}
