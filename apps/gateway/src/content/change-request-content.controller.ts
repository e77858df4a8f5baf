import {
  type ChangeRequest,
  type ChangeRequestContentUpdate,
  ContentSubjects,
  type List,
  type RequestContext,
  type RevisionFile,
  type RevisionPage,
} from '@bindery/contracts';
import { type JsonBytes, ServiceClient } from '@bindery/platform/nest';
import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Ctx } from '../common/request-context.decorator';
import { GatewayEnv } from '../config/gateway.env';
import { PageTreeReader } from './page-tree/page-tree.reader';
import { CompatQuery, contentChanges, UpdateChangeRequestContentRequest } from './dto/content-changes.request';
import { ChangeRequestFileParams, ChangeRequestPageParams, ChangeRequestParams } from './dto/content.params';
import { ContentListQuery, ContentQuery, pageReadOptions, PageReadQuery } from './dto/content.query';
import { Relayed } from '../common/relayed.decorator';

/** Reads and batch edits of a change request's revision. */
@Controller('v1/spaces/:spaceId/change-requests/:changeRequestId/content')
export class ChangeRequestContentController {
  constructor(
    private readonly services: ServiceClient,
    private readonly pageTrees: PageTreeReader,
    private readonly env: GatewayEnv,
  ) {}

  @Get()
  revision(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestParams,
    @Query() query: ContentQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return this.pageTrees.revision(reply, ctx, { ...params, computed: query.computed !== 'false' });
  }

  /** updateChangeRequestContent: up to 50 changes, applied all or nothing. */
  @Post()
  @Relayed()
  @HttpCode(200)
  edit(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestParams,
    @Query() query: CompatQuery,
    @Body() body: UpdateChangeRequestContentRequest,
  ): Promise<JsonBytes<ChangeRequest | ChangeRequestContentUpdate>> {
    return this.services.relay(
      ContentSubjects.changeRequestEditContent,
      ctx,
      { ...params, changes: contentChanges(body.changes), compat: query.compat !== 'false' },
      this.env.CONTENT_EDIT_TIMEOUT_MS,
    );
  }

  @Get('pages')
  pages(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestParams,
    @Query() query: ContentQuery,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer | undefined> {
    return this.pageTrees.reply(request, reply, ctx, { ...params, computed: query.computed !== 'false' });
  }

  @Get('page/:pageId')
  @Relayed()
  page(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestPageParams,
    @Query() query: PageReadQuery,
  ): Promise<JsonBytes<RevisionPage>> {
    return this.services.relay(ContentSubjects.pageGet, ctx, { ...params, ...pageReadOptions(query), evaluated: query.evaluated });
  }

  @Get('files')
  @Relayed()
  files(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestParams,
    @Query() query: ContentListQuery,
  ): Promise<JsonBytes<List<RevisionFile>>> {
    return this.services.relay(ContentSubjects.filesList, ctx, { ...params, page: query.page, limit: query.limit });
  }

  @Get('files/:fileId')
  @Relayed()
  file(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestFileParams,
    @Query() _query: ContentQuery,
  ): Promise<JsonBytes<RevisionFile>> {
    return this.services.relay(ContentSubjects.fileGet, ctx, { ...params });
  }
}
