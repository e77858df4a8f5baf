import { type RequestContext, type SitePublishingAuth, SitesSubjects } from '@bindery/contracts';
import { type JsonBytes, ServiceClient } from '@bindery/platform/nest';
import { Body, Controller, Get, Header, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { Ctx } from '../common/request-context.decorator';
import { UpdatePublishingAuthRequest } from './dto/publishing-auth.request';
import { SiteParams } from './dto/site.request';
import { Relayed } from '../common/relayed.decorator';

/**
 * A site's publishing auth (visitor authentication); organization admins only, decided by sites.
 * Answers hold the site's signing key: never stored by caches on the way.
 */
@Controller('v1/orgs/:organizationId/sites/:siteId/publishing/auth')
export class PublishingAuthController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @Relayed()
  @Header('Cache-Control', 'no-store')
  get(@Ctx() ctx: RequestContext, @Param() params: SiteParams): Promise<JsonBytes<SitePublishingAuth>> {
    return this.services.relay(SitesSubjects.publishingAuthGet, ctx, { ...params });
  }

  @Patch()
  @Relayed()
  @Header('Cache-Control', 'no-store')
  update(
    @Ctx() ctx: RequestContext,
    @Param() params: SiteParams,
    @Body() body: UpdatePublishingAuthRequest,
  ): Promise<JsonBytes<SitePublishingAuth>> {
    return this.services.relay(SitesSubjects.publishingAuthUpdate, ctx, { ...body, ...params });
  }

  @Post('regenerate')
  @Relayed()
  @Header('Cache-Control', 'no-store')
  @HttpCode(200)
  regenerate(@Ctx() ctx: RequestContext, @Param() params: SiteParams): Promise<JsonBytes<SitePublishingAuth>> {
    return this.services.relay(SitesSubjects.publishingAuthRegenerate, ctx, { ...params });
  }
}
