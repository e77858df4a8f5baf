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
import { ServiceClient } from '@bindery/platform/nest';
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

@Controller('v1/orgs/:organizationId/sites')
export class SitesController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  list(@Ctx() ctx: RequestContext, @Param() params: SitesOrganizationParams, @Query() query: ListSitesQuery): Promise<List<Site>> {
    return this.services.send(SitesSubjects.siteList, ctx, { ...query, organizationId: params.organizationId });
  }

  @Post()
  @HttpCode(201)
  create(@Ctx() ctx: RequestContext, @Param() params: SitesOrganizationParams, @Body() body: CreateSiteRequest): Promise<Site> {
    return this.services.send(SitesSubjects.siteCreate, ctx, { ...body, organizationId: params.organizationId });
  }

  @Get(':siteId')
  get(@Ctx() ctx: RequestContext, @Param() params: SiteParams): Promise<Site> {
    return this.services.send(SitesSubjects.siteGet, ctx, { ...params });
  }

  @Patch(':siteId')
  update(@Ctx() ctx: RequestContext, @Param() params: SiteParams, @Body() body: UpdateSiteRequest): Promise<Site> {
    return this.services.send(SitesSubjects.siteUpdate, ctx, { ...body, ...params });
  }

  @Delete(':siteId')
  @HttpCode(204)
  async delete(@Ctx() ctx: RequestContext, @Param() params: SiteParams): Promise<void> {
    await this.services.send(SitesSubjects.siteDelete, ctx, { ...params });
  }

  @Post(':siteId/publish')
  @HttpCode(200)
  publish(@Ctx() ctx: RequestContext, @Param() params: SiteParams): Promise<Site> {
    return this.services.send(SitesSubjects.sitePublish, ctx, { ...params });
  }

  @Post(':siteId/unpublish')
  @HttpCode(200)
  unpublish(@Ctx() ctx: RequestContext, @Param() params: SiteParams): Promise<Site> {
    return this.services.send(SitesSubjects.siteUnpublish, ctx, { ...params });
  }

  /** sortSiteStructure: moves a site space, section or section group. */
  @Patch(':siteId/structure/sort')
  sort(
    @Ctx() ctx: RequestContext,
    @Param() params: SiteParams,
    @Body() body: SortStructureRequest,
  ): Promise<SiteSpace | SiteSection | SiteSectionGroup> {
    return this.services.send(SitesSubjects.siteSort, ctx, { ...params, item: body.item, position: body.position });
  }

  @Get(':siteId/published')
  published(@Ctx() ctx: RequestContext, @Param() params: SiteParams, @Query() query: PublishedQuery): Promise<PublishedSite> {
    return this.services.send(SitesSubjects.sitePublished, ctx, { ...params, shareKey: query.shareKey, visitor: visitorOf(query) });
  }

  @Get(':siteId/adaptive-schema')
  adaptiveSchema(@Ctx() ctx: RequestContext, @Param() params: SiteParams): Promise<SiteAdaptiveSchema> {
    return this.services.send(SitesSubjects.adaptiveSchemaGet, ctx, { ...params });
  }

  @Put(':siteId/adaptive-schema')
  putAdaptiveSchema(
    @Ctx() ctx: RequestContext,
    @Param() params: SiteParams,
    @Body() body: PutAdaptiveSchemaRequest,
  ): Promise<SiteAdaptiveSchema> {
    return this.services.send(SitesSubjects.adaptiveSchemaPut, ctx, { ...params, jsonSchema: body.jsonSchema });
  }

  @Get(':siteId/adaptive-schema/template-conditions')
  templateConditions(@Ctx() ctx: RequestContext, @Param() params: SiteParams): Promise<AdaptiveTemplateConditions> {
    return this.services.send(SitesSubjects.adaptiveTemplateConditions, ctx, { ...params });
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
