import { type ContentLocation, ContentSubjects, type LinkList, type List, type RequestContext } from '@bindery/contracts';
import { type JsonBytes, ServiceClient } from '@bindery/platform/nest';
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
import { Relayed } from '../../common/relayed.decorator';

/** Links (with statuses) and backlinks of a space's content and of a change request's. */
@Controller('v1/spaces/:spaceId')
export class LinksController {
  constructor(private readonly services: ServiceClient) {}

  @Get('links')
  @Relayed()
  spaceLinks(@Ctx() ctx: RequestContext, @Param() params: SpaceParams, @Query() query: LinksQuery): Promise<JsonBytes<LinkList>> {
    return this.services.relay(ContentSubjects.linksList, ctx, { spaceId: params.spaceId, ...query });
  }

  @Get('content/page/:pageId/links')
  @Relayed()
  pageLinks(@Ctx() ctx: RequestContext, @Param() params: SpacePageParams, @Query() query: LinksQuery): Promise<JsonBytes<LinkList>> {
    return this.services.relay(ContentSubjects.pageLinksList, ctx, { ...params, ...query });
  }

  @Get('content/page/:pageId/backlinks')
  @Relayed()
  pageBacklinks(
    @Ctx() ctx: RequestContext,
    @Param() params: SpacePageParams,
    @Query() query: PageQuery,
  ): Promise<JsonBytes<List<ContentLocation>>> {
    return this.services.relay(ContentSubjects.pageBacklinksList, ctx, { ...params, ...query });
  }

  @Get('content/files/:fileId/backlinks')
  @Relayed()
  fileBacklinks(
    @Ctx() ctx: RequestContext,
    @Param() params: SpaceFileParams,
    @Query() query: PageQuery,
  ): Promise<JsonBytes<List<ContentLocation>>> {
    return this.services.relay(ContentSubjects.fileBacklinksList, ctx, { ...params, ...query });
  }

  @Get('change-requests/:changeRequestId/links')
  @Relayed()
  changeRequestLinks(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestParams,
    @Query() query: ChangeRequestLinksQuery,
  ): Promise<JsonBytes<LinkList>> {
    return this.services.relay(ContentSubjects.linksList, ctx, { ...params, ...query });
  }

  @Get('change-requests/:changeRequestId/content/page/:pageId/links')
  @Relayed()
  changeRequestPageLinks(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestPageParams,
    @Query() query: LinksQuery,
  ): Promise<JsonBytes<LinkList>> {
    return this.services.relay(ContentSubjects.pageLinksList, ctx, { ...params, ...query });
  }

  @Get('change-requests/:changeRequestId/content/page/:pageId/backlinks')
  @Relayed()
  changeRequestPageBacklinks(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestPageParams,
    @Query() query: PageQuery,
  ): Promise<JsonBytes<List<ContentLocation>>> {
    return this.services.relay(ContentSubjects.pageBacklinksList, ctx, { ...params, ...query });
  }

  @Get('change-requests/:changeRequestId/content/files/:fileId/backlinks')
  @Relayed()
  changeRequestFileBacklinks(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestFileParams,
    @Query() query: PageQuery,
  ): Promise<JsonBytes<List<ContentLocation>>> {
    return this.services.relay(ContentSubjects.fileBacklinksList, ctx, { ...params, ...query });
  }
}
