import { IdentitySubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { OrganizationsService } from './organizations.service';

const S = IdentitySubjects;

@Controller()
export class OrganizationsHandler {
  constructor(private readonly organizations: OrganizationsService) {}

  @MessagePattern(S.orgGet)
  get(@Payload() { ctx, data }: RpcEnvelope<typeof S.orgGet>): Promise<RpcResult<typeof S.orgGet>> {
    return this.organizations.get(ctx, data.organizationId);
  }

  @MessagePattern(S.orgList)
  list(@Payload() { ctx, data }: RpcEnvelope<typeof S.orgList>): Promise<RpcResult<typeof S.orgList>> {
    return this.organizations.list(ctx, data);
  }

  @MessagePattern(S.orgCreate)
  create(@Payload() { ctx, data }: RpcEnvelope<typeof S.orgCreate>): Promise<RpcResult<typeof S.orgCreate>> {
    return this.organizations.create(ctx, data);
  }

  @MessagePattern(S.orgUpdate)
  update(@Payload() { ctx, data }: RpcEnvelope<typeof S.orgUpdate>): Promise<RpcResult<typeof S.orgUpdate>> {
    return this.organizations.update(ctx, data);
  }

  @MessagePattern(S.orgJoin)
  async join(@Payload() { ctx, data }: RpcEnvelope<typeof S.orgJoin>): Promise<RpcResult<typeof S.orgJoin>> {
    await this.organizations.join(ctx, data.organizationId);
    return {};
  }

  @MessagePattern(S.orgsForEmailDomain)
  forEmailDomain(@Payload() { ctx, data }: RpcEnvelope<typeof S.orgsForEmailDomain>): Promise<RpcResult<typeof S.orgsForEmailDomain>> {
    return this.organizations.forEmailDomain(ctx, data);
  }
}
