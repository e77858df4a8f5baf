import { type RequestContext, type SiteCustomizationSettings, SitesSubjects } from '@bindery/contracts';
import { type JsonBytes, ServiceClient } from '@bindery/platform/nest';
import { Body, Controller, Delete, Get, Param, Patch, Put, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Ctx } from '../common/request-context.decorator';
import { SiteParams } from './dto/site.request';
import { SiteSpaceParams } from './dto/structure.request';
import { Relayed } from '../common/relayed.decorator';

/**
 * A site's customization and a site space's overrides of it. The body is passed as it came: sites
 * checks it against the official `SiteCustomizationSettingsInput` (or the PATCH body) and answers
 * a 400 naming the field.
 */
@Controller('v1/orgs/:organizationId/sites/:siteId')
export class CustomizationController {
  constructor(private readonly services: ServiceClient) {}

  @Get('customization')
  @Relayed()
  get(@Ctx() ctx: RequestContext, @Param() params: SiteParams): Promise<JsonBytes<SiteCustomizationSettings>> {
    return this.services.relay(SitesSubjects.customizationGet, ctx, { ...params });
  }

  @Put('customization')
  @Relayed()
  put(@Ctx() ctx: RequestContext, @Param() params: SiteParams, @Body() body: unknown): Promise<JsonBytes<SiteCustomizationSettings>> {
    return this.services.relay(SitesSubjects.customizationPut, ctx, { ...params, settings: body });
  }

  @Get('site-spaces/:siteSpaceId/customization')
  @Relayed()
  getSiteSpace(@Ctx() ctx: RequestContext, @Param() params: SiteSpaceParams): Promise<JsonBytes<SiteCustomizationSettings>> {
    return this.services.relay(SitesSubjects.siteSpaceCustomizationGet, ctx, { ...params });
  }

  @Patch('site-spaces/:siteSpaceId/customization')
  @Relayed()
  patchSiteSpace(
    @Ctx() ctx: RequestContext,
    @Param() params: SiteSpaceParams,
    @Body() body: unknown,
  ): Promise<JsonBytes<SiteCustomizationSettings>> {
    return this.services.relay(SitesSubjects.siteSpaceCustomizationPatch, ctx, { ...params, overrides: body });
  }

  /** 205 when overrides were removed, 204 when there were none (as the official operation answers). */
  @Delete('site-spaces/:siteSpaceId/customization')
  async deleteSiteSpace(
    @Ctx() ctx: RequestContext,
    @Param() params: SiteSpaceParams,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const { removed } = await this.services.send(SitesSubjects.siteSpaceCustomizationDelete, ctx, { ...params });
    void reply.status(removed ? 205 : 204);
  }
}
