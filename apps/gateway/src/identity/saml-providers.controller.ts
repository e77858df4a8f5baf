import { IdentitySubjects, type List, type RequestContext, type SamlProvider, type SsoLoginInfo } from '@bindery/contracts';
import { ServiceClient } from '@bindery/platform/nest';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { PageQuery } from '../common/page.query';
import { Ctx } from '../common/request-context.decorator';
import { OrganizationParams } from './dto/organization.params';
import { CreateSamlProviderRequest, SamlProviderParams, UpdateSamlProviderRequest } from './dto/saml-provider.request';

/** SAML provider configuration (admins) and the login infos members see. */
@Controller('v1/orgs/:organizationId')
export class SamlProvidersController {
  constructor(private readonly services: ServiceClient) {}

  @Get('saml')
  list(@Ctx() ctx: RequestContext, @Param() params: OrganizationParams, @Query() query: PageQuery): Promise<List<SamlProvider>> {
    return this.services.send(IdentitySubjects.samlList, ctx, { ...query, organizationId: params.organizationId });
  }

  @Post('saml')
  @HttpCode(201)
  create(@Ctx() ctx: RequestContext, @Param() params: OrganizationParams, @Body() body: CreateSamlProviderRequest): Promise<SamlProvider> {
    return this.services.send(IdentitySubjects.samlCreate, ctx, { ...body, organizationId: params.organizationId });
  }

  @Get('saml/:samlProviderId')
  get(@Ctx() ctx: RequestContext, @Param() params: SamlProviderParams): Promise<SamlProvider> {
    return this.services.send(IdentitySubjects.samlGet, ctx, { ...params });
  }

  @Patch('saml/:samlProviderId')
  update(@Ctx() ctx: RequestContext, @Param() params: SamlProviderParams, @Body() body: UpdateSamlProviderRequest): Promise<SamlProvider> {
    return this.services.send(IdentitySubjects.samlUpdate, ctx, { ...body, ...params });
  }

  @Delete('saml/:samlProviderId')
  @HttpCode(204)
  async delete(@Ctx() ctx: RequestContext, @Param() params: SamlProviderParams): Promise<void> {
    await this.services.send(IdentitySubjects.samlDelete, ctx, { ...params });
  }

  @Get('sso')
  logins(@Ctx() ctx: RequestContext, @Param() params: OrganizationParams): Promise<{ items: SsoLoginInfo[] }> {
    return this.services.send(IdentitySubjects.ssoLogins, ctx, { organizationId: params.organizationId });
  }
}
