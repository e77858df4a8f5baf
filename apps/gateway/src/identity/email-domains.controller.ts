import { IdentitySubjects, type Organization, type RequestContext } from '@bindery/contracts';
import { ServiceClient } from '@bindery/platform/nest';
import { Controller, Get, Param } from '@nestjs/common';
import { Ctx } from '../common/request-context.decorator';
import { EmailDomainParams } from './dto/email-domain.params';

@Controller('v1/email-domains')
export class EmailDomainsController {
  constructor(private readonly services: ServiceClient) {}

  /** GET /v1/email-domains/{emailDomain}/orgs — organizations the caller could join with their email. */
  @Get(':emailDomain/orgs')
  list(@Ctx() ctx: RequestContext, @Param() params: EmailDomainParams): Promise<{ organizations: Organization[] }> {
    return this.services.send(IdentitySubjects.orgsForEmailDomain, ctx, { emailDomain: params.emailDomain });
  }
}
