import { IdentitySubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SamlProvidersService } from './saml-providers.service';

const S = IdentitySubjects;

@Controller()
export class SamlProvidersHandler {
  constructor(private readonly providers: SamlProvidersService) {}

  @MessagePattern(S.samlList)
  list(@Payload() { ctx, data }: RpcEnvelope<typeof S.samlList>): Promise<RpcResult<typeof S.samlList>> {
    return this.providers.list(ctx, data);
  }

  @MessagePattern(S.samlCreate)
  create(@Payload() { ctx, data }: RpcEnvelope<typeof S.samlCreate>): Promise<RpcResult<typeof S.samlCreate>> {
    return this.providers.create(ctx, data);
  }

  @MessagePattern(S.samlGet)
  get(@Payload() { ctx, data }: RpcEnvelope<typeof S.samlGet>): Promise<RpcResult<typeof S.samlGet>> {
    return this.providers.get(ctx, data);
  }

  @MessagePattern(S.samlUpdate)
  update(@Payload() { ctx, data }: RpcEnvelope<typeof S.samlUpdate>): Promise<RpcResult<typeof S.samlUpdate>> {
    return this.providers.update(ctx, data);
  }

  @MessagePattern(S.samlDelete)
  async delete(@Payload() { ctx, data }: RpcEnvelope<typeof S.samlDelete>): Promise<RpcResult<typeof S.samlDelete>> {
    await this.providers.delete(ctx, data);
    return {};
  }

  @MessagePattern(S.ssoLogins)
  logins(@Payload() { ctx, data }: RpcEnvelope<typeof S.ssoLogins>): Promise<RpcResult<typeof S.ssoLogins>> {
    return this.providers.logins(ctx, data.organizationId);
  }
}
