import {
  type EmailDomainInput,
  type Envelope,
  IdentitySubjects,
  type List,
  type OrgCreateInput,
  type OrgGetInput,
  type OrgListInput,
  type Organization,
  type OrgScopedInput,
  type OrgUpdateInput,
} from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { OrganizationsService } from './organizations.service';

@Controller()
export class OrganizationsHandler {
  constructor(private readonly organizations: OrganizationsService) {}

  @MessagePattern(IdentitySubjects.orgGet)
  get(@Payload() { ctx, data }: Envelope<OrgGetInput>): Promise<Organization> {
    return this.organizations.get(ctx, data.organizationId);
  }

  @MessagePattern(IdentitySubjects.orgList)
  list(@Payload() { ctx, data }: Envelope<OrgListInput>): Promise<List<Organization>> {
    return this.organizations.list(ctx, data);
  }

  @MessagePattern(IdentitySubjects.orgCreate)
  create(@Payload() { ctx, data }: Envelope<OrgCreateInput>): Promise<Organization> {
    return this.organizations.create(ctx, data);
  }

  @MessagePattern(IdentitySubjects.orgUpdate)
  update(@Payload() { ctx, data }: Envelope<OrgUpdateInput>): Promise<Organization> {
    return this.organizations.update(ctx, data);
  }

  @MessagePattern(IdentitySubjects.orgJoin)
  async join(@Payload() { ctx, data }: Envelope<OrgScopedInput>): Promise<Record<string, never>> {
    await this.organizations.join(ctx, data.organizationId);
    return {};
  }

  @MessagePattern(IdentitySubjects.orgsForEmailDomain)
  forEmailDomain(@Payload() { ctx, data }: Envelope<EmailDomainInput>): Promise<{ organizations: Organization[] }> {
    return this.organizations.forEmailDomain(ctx, data);
  }
}
