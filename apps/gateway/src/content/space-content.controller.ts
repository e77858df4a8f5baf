import { ContentSubjects, type List, type RequestContext, type RevisionFile, type RevisionPage } from '@bindery/contracts';
import { type JsonBytes, ServiceClient } from '@bindery/platform/nest';
import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Ctx } from '../common/request-context.decorator';
import { PageTreeReader } from './page-tree/page-tree.reader';
import { SpaceFileParams, SpacePageParams, SpaceParams } from './dto/content.params';
import { ContentListQuery, ContentQuery, pageReadOptions, PageReadQuery } from './dto/content.query';
import { Relayed } from '../common/relayed.decorator';

/** Reads of a space's current revision. */
@Controller('v1/spaces/:spaceId/content')
export class SpaceContentController {
  constructor(
    private readonly services: ServiceClient,
    private readonly pageTrees: PageTreeReader,
  ) {}

  @Get()
  revision(
    @Ctx() ctx: RequestContext,
    @Param() params: SpaceParams,
    @Query() query: ContentQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return this.pageTrees.revision(reply, ctx, { spaceId: params.spaceId, computed: query.computed !== 'false' });
  }

  @Get('pages')
  pages(
    @Ctx() ctx: RequestContext,
    @Param() params: SpaceParams,
    @Query() query: ContentQuery,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer | undefined> {
    return this.pageTrees.reply(request, reply, ctx, { spaceId: params.spaceId, computed: query.computed !== 'false' });
  }

  @Get('page/:pageId')
  @Relayed()
  page(@Ctx() ctx: RequestContext, @Param() params: SpacePageParams, @Query() query: PageReadQuery): Promise<JsonBytes<RevisionPage>> {
    return this.services.relay(ContentSubjects.pageGet, ctx, {
      spaceId: params.spaceId,
      pageId: params.pageId,
      ...pageReadOptions(query),
      evaluated: query.evaluated,
    });
  }

  @Get('files')
  @Relayed()
  files(
    @Ctx() ctx: RequestContext,
    @Param() params: SpaceParams,
    @Query() query: ContentListQuery,
  ): Promise<JsonBytes<List<RevisionFile>>> {
    return this.services.relay(ContentSubjects.filesList, ctx, { spaceId: params.spaceId, page: query.page, limit: query.limit });
  }

  @Get('files/:fileId')
  @Relayed()
  file(@Ctx() ctx: RequestContext, @Param() params: SpaceFileParams, @Query() _query: ContentQuery): Promise<JsonBytes<RevisionFile>> {
    return this.services.relay(ContentSubjects.fileGet, ctx, { spaceId: params.spaceId, fileId: params.fileId });
  }
}
