import { type RequestContext, type SitePublishingAuth, SitesSubjects } from '@bindery/contracts';
import { ServiceClient } from '@bindery/platform/nest';
import { Body, Controller, Get, Header, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { Ctx } from '../common/request-context.decorator';
import { UpdatePublishingAuthRequest } from './dto/publishing-auth.request';
import { SiteParams } from './dto/site.request';

/**
 * A site's publishing auth (visitor authentication); organization admins only, decided by sites.
 * Answers hold the site's signing key: never stored by caches on the way.
 */
@Controller('v1/orgs/:organizationId/sites/:siteId/publishing/auth')
export class PublishingAuthController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  get(@Ctx() ctx: RequestContext, @Param() params: SiteParams): Promise<SitePublishingAuth> {
    return this.services.send(SitesSubjects.publishingAuthGet, ctx, { ...params });
  }

  @Patch()
  @Header('Cache-Control', 'no-store')
  update(@Ctx() ctx: RequestContext, @Param() params: SiteParams, @Body() body: UpdatePublishingAuthRequest): Promise<SitePublishingAuth> {
    return this.services.send(SitesSubjects.publishingAuthUpdate, ctx, { ...body, ...params });
  }

  @Post('regenerate')
  @Header('Cache-Control', 'no-store')
  @HttpCode(200)
  regenerate(@Ctx() ctx: RequestContext, @Param() params: SiteParams): Promise<SitePublishingAuth> {
    return this.services.send(SitesSubjects.publishingAuthRegenerate, ctx, { ...params });
  }
}
