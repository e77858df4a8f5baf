import { type ContentLocation, ContentSubjects, type LinkList, type List, type RequestContext } from '@bindery/contracts';
import { ServiceClient } from '@bindery/platform/nest';
import { Controller, Get, Param, Query } from '@nestjs/common';
import { Ctx } from '../../common/request-context.decorator';
import { PageQuery } from '../../common/page.query';
import {
  ChangeRequestFileParams,
  ChangeRequestPageParams,
  ChangeRequestParams,
  SpaceFileParams,
  SpacePageParams,
  SpaceParams,
} from '../dto/content.params';
import { ChangeRequestLinksQuery, LinksQuery } from './links.query';

/** Links (with statuses) and backlinks of a space's content and of a change request's. */
@Controller('v1/spaces/:spaceId')
export class LinksController {
  constructor(private readonly services: ServiceClient) {}

  @Get('links')
  spaceLinks(@Ctx() ctx: RequestContext, @Param() params: SpaceParams, @Query() query: LinksQuery): Promise<LinkList> {
    return this.services.send(ContentSubjects.linksList, ctx, { spaceId: params.spaceId, ...query });
  }

  @Get('content/page/:pageId/links')
  pageLinks(@Ctx() ctx: RequestContext, @Param() params: SpacePageParams, @Query() query: LinksQuery): Promise<LinkList> {
    return this.services.send(ContentSubjects.pageLinksList, ctx, { ...params, ...query });
  }

  @Get('content/page/:pageId/backlinks')
  pageBacklinks(@Ctx() ctx: RequestContext, @Param() params: SpacePageParams, @Query() query: PageQuery): Promise<List<ContentLocation>> {
    return this.services.send(ContentSubjects.pageBacklinksList, ctx, { ...params, ...query });
  }

  @Get('content/files/:fileId/backlinks')
  fileBacklinks(@Ctx() ctx: RequestContext, @Param() params: SpaceFileParams, @Query() query: PageQuery): Promise<List<ContentLocation>> {
    return this.services.send(ContentSubjects.fileBacklinksList, ctx, { ...params, ...query });
  }

  @Get('change-requests/:changeRequestId/links')
  changeRequestLinks(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestParams,
    @Query() query: ChangeRequestLinksQuery,
  ): Promise<LinkList> {
    return this.services.send(ContentSubjects.linksList, ctx, { ...params, ...query });
  }

  @Get('change-requests/:changeRequestId/content/page/:pageId/links')
  changeRequestPageLinks(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestPageParams,
    @Query() query: LinksQuery,
  ): Promise<LinkList> {
    return this.services.send(ContentSubjects.pageLinksList, ctx, { ...params, ...query });
  }

  @Get('change-requests/:changeRequestId/content/page/:pageId/backlinks')
  changeRequestPageBacklinks(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestPageParams,
    @Query() query: PageQuery,
  ): Promise<List<ContentLocation>> {
    return this.services.send(ContentSubjects.pageBacklinksList, ctx, { ...params, ...query });
  }

  @Get('change-requests/:changeRequestId/content/files/:fileId/backlinks')
  changeRequestFileBacklinks(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestFileParams,
    @Query() query: PageQuery,
  ): Promise<List<ContentLocation>> {
    return this.services.send(ContentSubjects.fileBacklinksList, ctx, { ...params, ...query });
  }
}
