import {
  type Envelope,
  IdentitySubjects,
  type List,
  type OrgScopedInput,
  type SamlCreateInput,
  type SamlInput,
  type SamlListInput,
  type SamlProvider,
  type SamlUpdateInput,
  type SsoLoginInfo,
} from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SamlProvidersService } from './saml-providers.service';

@Controller()
export class SamlProvidersHandler {
  constructor(private readonly providers: SamlProvidersService) {}

  @MessagePattern(IdentitySubjects.samlList)
  list(@Payload() { ctx, data }: Envelope<SamlListInput>): Promise<List<SamlProvider>> {
    return this.providers.list(ctx, data);
  }

  @MessagePattern(IdentitySubjects.samlCreate)
  create(@Payload() { ctx, data }: Envelope<SamlCreateInput>): Promise<SamlProvider> {
    return this.providers.create(ctx, data);
  }

  @MessagePattern(IdentitySubjects.samlGet)
  get(@Payload() { ctx, data }: Envelope<SamlInput>): Promise<SamlProvider> {
    return this.providers.get(ctx, data);
  }

  @MessagePattern(IdentitySubjects.samlUpdate)
  update(@Payload() { ctx, data }: Envelope<SamlUpdateInput>): Promise<SamlProvider> {
    return this.providers.update(ctx, data);
  }

  @MessagePattern(IdentitySubjects.samlDelete)
  async delete(@Payload() { ctx, data }: Envelope<SamlInput>): Promise<Record<string, never>> {
    await this.providers.delete(ctx, data);
    return {};
  }

  @MessagePattern(IdentitySubjects.ssoLogins)
  logins(@Payload() { ctx, data }: Envelope<OrgScopedInput>): Promise<{ items: SsoLoginInfo[] }> {
    return this.providers.logins(ctx, data.organizationId);
  }
}
