import { type List, type RequestContext, type SiteSection, type SiteSectionGroup, type SiteSpace, SitesSubjects } from '@bindery/contracts';
import { type JsonBytes, ServiceClient } from '@bindery/platform/nest';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { PageQuery } from '../common/page.query';
import { Ctx } from '../common/request-context.decorator';
import { SiteParams } from './dto/site.request';
import {
  AddSectionGroupRequest,
  AddSectionRequest,
  AddSiteSpaceRequest,
  GroupSectionRequest,
  ListSectionsQuery,
  ListSiteSpacesQuery,
  MoveSectionGroupRequest,
  MoveSectionRequest,
  MoveSiteSpaceRequest,
  SectionGroupParams,
  SectionGroupSectionParams,
  SectionParams,
  SiteSpaceParams,
  UpdateSectionGroupRequest,
  UpdateSectionRequest,
  UpdateSiteSpaceRequest,
} from './dto/structure.request';
import { Relayed } from '../common/relayed.decorator';

@Controller('v1/orgs/:organizationId/sites/:siteId/site-spaces')
export class SiteSpacesController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @Relayed()
  list(@Ctx() ctx: RequestContext, @Param() params: SiteParams, @Query() query: ListSiteSpacesQuery): Promise<JsonBytes<List<SiteSpace>>> {
    return this.services.relay(SitesSubjects.siteSpaceList, ctx, { ...query, ...params });
  }

  @Post()
  @Relayed()
  @HttpCode(201)
  add(@Ctx() ctx: RequestContext, @Param() params: SiteParams, @Body() body: AddSiteSpaceRequest): Promise<JsonBytes<SiteSpace>> {
    return this.services.relay(SitesSubjects.siteSpaceAdd, ctx, { ...body, ...params });
  }

  @Patch(':siteSpaceId')
  @Relayed()
  update(
    @Ctx() ctx: RequestContext,
    @Param() params: SiteSpaceParams,
    @Body() body: UpdateSiteSpaceRequest,
  ): Promise<JsonBytes<SiteSpace>> {
    return this.services.relay(SitesSubjects.siteSpaceUpdate, ctx, { ...body, ...params });
  }

  @Delete(':siteSpaceId')
  @HttpCode(204)
  async delete(@Ctx() ctx: RequestContext, @Param() params: SiteSpaceParams): Promise<void> {
    await this.services.send(SitesSubjects.siteSpaceDelete, ctx, { ...params });
  }

  /** Deprecated official move; sortSiteStructure replaces it. */
  @Post(':siteSpaceId/move')
  @Relayed()
  @HttpCode(200)
  move(@Ctx() ctx: RequestContext, @Param() params: SiteSpaceParams, @Body() body: MoveSiteSpaceRequest): Promise<JsonBytes<SiteSpace>> {
    const p = body.position;
    const position = p ? { before: p.before?.siteSpace, after: p.after?.siteSpace } : undefined;
    return this.services.relay(SitesSubjects.siteSpaceMove, ctx, { ...params, position });
  }
}

@Controller('v1/orgs/:organizationId/sites/:siteId/sections')
export class SectionsController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @Relayed()
  list(@Ctx() ctx: RequestContext, @Param() params: SiteParams, @Query() query: ListSectionsQuery): Promise<JsonBytes<List<SiteSection>>> {
    return this.services.relay(SitesSubjects.sectionList, ctx, { ...query, ...params });
  }

  @Post()
  @Relayed()
  @HttpCode(201)
  add(@Ctx() ctx: RequestContext, @Param() params: SiteParams, @Body() body: AddSectionRequest): Promise<JsonBytes<SiteSection>> {
    return this.services.relay(SitesSubjects.sectionAdd, ctx, { ...body, ...params });
  }

  @Patch(':siteSectionId')
  @Relayed()
  update(@Ctx() ctx: RequestContext, @Param() params: SectionParams, @Body() body: UpdateSectionRequest): Promise<JsonBytes<SiteSection>> {
    return this.services.relay(SitesSubjects.sectionUpdate, ctx, { ...body, ...params });
  }

  @Delete(':siteSectionId')
  @HttpCode(204)
  async delete(@Ctx() ctx: RequestContext, @Param() params: SectionParams): Promise<void> {
    await this.services.send(SitesSubjects.sectionDelete, ctx, { ...params });
  }

  @Post(':siteSectionId/move')
  @Relayed()
  @HttpCode(200)
  move(@Ctx() ctx: RequestContext, @Param() params: SectionParams, @Body() body: MoveSectionRequest): Promise<JsonBytes<SiteSection>> {
    const p = body.position;
    const position = p ? { before: p.before?.siteSection, after: p.after?.siteSection } : undefined;
    return this.services.relay(SitesSubjects.sectionMove, ctx, { ...params, position });
  }
}

@Controller('v1/orgs/:organizationId/sites/:siteId/section-groups')
export class SectionGroupsController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @Relayed()
  list(@Ctx() ctx: RequestContext, @Param() params: SiteParams, @Query() query: PageQuery): Promise<JsonBytes<List<SiteSectionGroup>>> {
    return this.services.relay(SitesSubjects.sectionGroupList, ctx, { ...query, ...params });
  }

  @Post()
  @Relayed()
  @HttpCode(201)
  add(@Ctx() ctx: RequestContext, @Param() params: SiteParams, @Body() body: AddSectionGroupRequest): Promise<JsonBytes<SiteSectionGroup>> {
    return this.services.relay(SitesSubjects.sectionGroupAdd, ctx, { ...body, ...params });
  }

  @Patch(':siteSectionGroupId')
  @Relayed()
  update(
    @Ctx() ctx: RequestContext,
    @Param() params: SectionGroupParams,
    @Body() body: UpdateSectionGroupRequest,
  ): Promise<JsonBytes<SiteSectionGroup>> {
    return this.services.relay(SitesSubjects.sectionGroupUpdate, ctx, { ...body, ...params });
  }

  @Delete(':siteSectionGroupId')
  @HttpCode(204)
  async delete(@Ctx() ctx: RequestContext, @Param() params: SectionGroupParams): Promise<void> {
    await this.services.send(SitesSubjects.sectionGroupDelete, ctx, { ...params });
  }

  @Post(':siteSectionGroupId/move')
  @Relayed()
  @HttpCode(200)
  move(
    @Ctx() ctx: RequestContext,
    @Param() params: SectionGroupParams,
    @Body() body: MoveSectionGroupRequest,
  ): Promise<JsonBytes<SiteSectionGroup>> {
    const p = body.position;
    const position = p ? { before: p.before?.id, after: p.after?.id } : undefined;
    return this.services.relay(SitesSubjects.sectionGroupMove, ctx, { ...params, position });
  }

  // addSectionToGroup (official 0.146–0.167) answers 201 with the group.
  @Post(':siteSectionGroupId/sections')
  @Relayed()
  @HttpCode(201)
  addSection(
    @Ctx() ctx: RequestContext,
    @Param() params: SectionGroupParams,
    @Body() body: GroupSectionRequest,
  ): Promise<JsonBytes<SiteSectionGroup>> {
    return this.services.relay(SitesSubjects.sectionGroupAddSection, ctx, { ...params, siteSectionId: body.sectionId });
  }

  @Delete(':siteSectionGroupId/sections/:siteSectionId')
  @HttpCode(204)
  async removeSection(@Ctx() ctx: RequestContext, @Param() params: SectionGroupSectionParams): Promise<void> {
    await this.services.send(SitesSubjects.sectionGroupRemoveSection, ctx, { ...params });
  }
}
