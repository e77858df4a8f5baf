import { IdentitySubjects, type List, type RequestContext, type SamlProvider, type SsoLoginInfo } from '@bindery/contracts';
import { type JsonBytes, ServiceClient } from '@bindery/platform/nest';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { PageQuery } from '../common/page.query';
import { Ctx } from '../common/request-context.decorator';
import { OrganizationParams } from './dto/organization.params';
import { CreateSamlProviderRequest, SamlProviderParams, UpdateSamlProviderRequest } from './dto/saml-provider.request';
import { Relayed } from '../common/relayed.decorator';

/** SAML provider configuration (admins) and the login infos members see. */
@Controller('v1/orgs/:organizationId')
export class SamlProvidersController {
  constructor(private readonly services: ServiceClient) {}

  @Get('saml')
  @Relayed()
  list(@Ctx() ctx: RequestContext, @Param() params: OrganizationParams, @Query() query: PageQuery): Promise<JsonBytes<List<SamlProvider>>> {
    return this.services.relay(IdentitySubjects.samlList, ctx, { ...query, organizationId: params.organizationId });
  }

  @Post('saml')
  @Relayed()
  @HttpCode(201)
  create(
    @Ctx() ctx: RequestContext,
    @Param() params: OrganizationParams,
    @Body() body: CreateSamlProviderRequest,
  ): Promise<JsonBytes<SamlProvider>> {
    return this.services.relay(IdentitySubjects.samlCreate, ctx, { ...body, organizationId: params.organizationId });
  }

  @Get('saml/:samlProviderId')
  @Relayed()
  get(@Ctx() ctx: RequestContext, @Param() params: SamlProviderParams): Promise<JsonBytes<SamlProvider>> {
    return this.services.relay(IdentitySubjects.samlGet, ctx, { ...params });
  }

  @Patch('saml/:samlProviderId')
  @Relayed()
  update(
    @Ctx() ctx: RequestContext,
    @Param() params: SamlProviderParams,
    @Body() body: UpdateSamlProviderRequest,
  ): Promise<JsonBytes<SamlProvider>> {
    return this.services.relay(IdentitySubjects.samlUpdate, ctx, { ...body, ...params });
  }

  @Delete('saml/:samlProviderId')
  @HttpCode(204)
  async delete(@Ctx() ctx: RequestContext, @Param() params: SamlProviderParams): Promise<void> {
    await this.services.send(IdentitySubjects.samlDelete, ctx, { ...params });
  }

  @Get('sso')
  @Relayed()
  logins(@Ctx() ctx: RequestContext, @Param() params: OrganizationParams): Promise<JsonBytes<{ items: SsoLoginInfo[] }>> {
    return this.services.relay(IdentitySubjects.ssoLogins, ctx, { organizationId: params.organizationId });
  }
}
