import {
  type AdaptiveTemplateConditions,
  type List,
  type PublishedSite,
  type RequestContext,
  type Site,
  type SiteAdaptiveSchema,
  type SiteSection,
  type SiteSectionGroup,
  type SiteSpace,
  SitesSubjects,
  type VisitorInput,
} from '@bindery/contracts';
import { type JsonBytes, ServiceClient } from '@bindery/platform/nest';
import { BadRequestException, Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { Ctx } from '../common/request-context.decorator';
import {
  CreateSiteRequest,
  ListSitesQuery,
  PublishedQuery,
  PutAdaptiveSchemaRequest,
  SiteParams,
  SitesOrganizationParams,
  SortStructureRequest,
  UpdateSiteRequest,
} from './dto/site.request';
import { Relayed } from '../common/relayed.decorator';

@Controller('v1/orgs/:organizationId/sites')
export class SitesController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @Relayed()
  list(
    @Ctx() ctx: RequestContext,
    @Param() params: SitesOrganizationParams,
    @Query() query: ListSitesQuery,
  ): Promise<JsonBytes<List<Site>>> {
    return this.services.relay(SitesSubjects.siteList, ctx, { ...query, organizationId: params.organizationId });
  }

  @Post()
  @Relayed()
  @HttpCode(201)
  create(@Ctx() ctx: RequestContext, @Param() params: SitesOrganizationParams, @Body() body: CreateSiteRequest): Promise<JsonBytes<Site>> {
    return this.services.relay(SitesSubjects.siteCreate, ctx, { ...body, organizationId: params.organizationId });
  }

  @Get(':siteId')
  @Relayed()
  get(@Ctx() ctx: RequestContext, @Param() params: SiteParams): Promise<JsonBytes<Site>> {
    return this.services.relay(SitesSubjects.siteGet, ctx, { ...params });
  }

  @Patch(':siteId')
  @Relayed()
  update(@Ctx() ctx: RequestContext, @Param() params: SiteParams, @Body() body: UpdateSiteRequest): Promise<JsonBytes<Site>> {
    return this.services.relay(SitesSubjects.siteUpdate, ctx, { ...body, ...params });
  }

  @Delete(':siteId')
  @HttpCode(204)
  async delete(@Ctx() ctx: RequestContext, @Param() params: SiteParams): Promise<void> {
    await this.services.send(SitesSubjects.siteDelete, ctx, { ...params });
  }

  @Post(':siteId/publish')
  @Relayed()
  @HttpCode(200)
  publish(@Ctx() ctx: RequestContext, @Param() params: SiteParams): Promise<JsonBytes<Site>> {
    return this.services.relay(SitesSubjects.sitePublish, ctx, { ...params });
  }

  @Post(':siteId/unpublish')
  @Relayed()
  @HttpCode(200)
  unpublish(@Ctx() ctx: RequestContext, @Param() params: SiteParams): Promise<JsonBytes<Site>> {
    return this.services.relay(SitesSubjects.siteUnpublish, ctx, { ...params });
  }

  /** sortSiteStructure: moves a site space, section or section group. */
  @Patch(':siteId/structure/sort')
  @Relayed()
  sort(
    @Ctx() ctx: RequestContext,
    @Param() params: SiteParams,
    @Body() body: SortStructureRequest,
  ): Promise<JsonBytes<SiteSpace | SiteSection | SiteSectionGroup>> {
    return this.services.relay(SitesSubjects.siteSort, ctx, { ...params, item: body.item, position: body.position });
  }

  @Get(':siteId/published')
  @Relayed()
  published(@Ctx() ctx: RequestContext, @Param() params: SiteParams, @Query() query: PublishedQuery): Promise<JsonBytes<PublishedSite>> {
    return this.services.relay(SitesSubjects.sitePublished, ctx, { ...params, shareKey: query.shareKey, visitor: visitorOf(query) });
  }

  @Get(':siteId/adaptive-schema')
  @Relayed()
  adaptiveSchema(@Ctx() ctx: RequestContext, @Param() params: SiteParams): Promise<JsonBytes<SiteAdaptiveSchema>> {
    return this.services.relay(SitesSubjects.adaptiveSchemaGet, ctx, { ...params });
  }

  @Put(':siteId/adaptive-schema')
  @Relayed()
  putAdaptiveSchema(
    @Ctx() ctx: RequestContext,
    @Param() params: SiteParams,
    @Body() body: PutAdaptiveSchemaRequest,
  ): Promise<JsonBytes<SiteAdaptiveSchema>> {
    return this.services.relay(SitesSubjects.adaptiveSchemaPut, ctx, { ...params, jsonSchema: body.jsonSchema });
  }

  @Get(':siteId/adaptive-schema/template-conditions')
  @Relayed()
  templateConditions(@Ctx() ctx: RequestContext, @Param() params: SiteParams): Promise<JsonBytes<AdaptiveTemplateConditions>> {
    return this.services.relay(SitesSubjects.adaptiveTemplateConditions, ctx, { ...params });
  }
}

/** The visitor of a published read: a token, and unsigned claims given as a JSON object. */
function visitorOf(query: PublishedQuery): VisitorInput | undefined {
  if (!query.visitorToken && !query.visitorClaims) return undefined;
  let unsigned: Record<string, unknown> | undefined;
  if (query.visitorClaims) {
    try {
      unsigned = JSON.parse(query.visitorClaims) as Record<string, unknown>;
    } catch {
      throw new BadRequestException('visitorClaims must be a JSON object');
    }
    if (typeof unsigned !== 'object' || unsigned === null || Array.isArray(unsigned))
      throw new BadRequestException('visitorClaims must be a JSON object');
  }
  return { token: query.visitorToken, unsigned };
}
