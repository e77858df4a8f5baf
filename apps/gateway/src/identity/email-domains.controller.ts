import { IdentitySubjects, type Organization, type RequestContext } from '@bindery/contracts';
import { type JsonBytes, ServiceClient } from '@bindery/platform/nest';
import { Controller, Get, Param } from '@nestjs/common';
import { Ctx } from '../common/request-context.decorator';
import { EmailDomainParams } from './dto/email-domain.params';
import { Relayed } from '../common/relayed.decorator';

@Controller('v1/email-domains')
export class EmailDomainsController {
  constructor(private readonly services: ServiceClient) {}

  /** GET /v1/email-domains/{emailDomain}/orgs — organizations the caller could join with their email. */
  @Get(':emailDomain/orgs')
  @Relayed()
  list(@Ctx() ctx: RequestContext, @Param() params: EmailDomainParams): Promise<JsonBytes<{ organizations: Organization[] }>> {
    return this.services.relay(IdentitySubjects.orgsForEmailDomain, ctx, { emailDomain: params.emailDomain });
  }
}
