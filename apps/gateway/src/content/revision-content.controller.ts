import { ContentSubjects, type RequestContext, type RevisionPage } from '@bindery/contracts';
import { type JsonBytes, ServiceClient } from '@bindery/platform/nest';
import { Controller, Get, Param, Query } from '@nestjs/common';
import { Ctx } from '../common/request-context.decorator';
import { RevisionPageParams, RevisionParams } from './dto/content.params';
import { pageReadOptions, PageReadQuery } from './dto/content.query';
import { Relayed } from '../common/relayed.decorator';

/**
 * Pages of any revision of a space (official `getPageInRevisionById` and `getPageInRevisionByPath`).
 * A page path has slashes (`guide/install`): that route ends with a wildcard.
 */
@Controller('v1/spaces/:spaceId/revisions/:revisionId')
export class RevisionContentController {
  constructor(private readonly services: ServiceClient) {}

  @Get('page/:pageId')
  @Relayed()
  page(@Ctx() ctx: RequestContext, @Param() params: RevisionPageParams, @Query() query: PageReadQuery): Promise<JsonBytes<RevisionPage>> {
    return this.services.relay(ContentSubjects.pageGet, ctx, { ...params, ...pageReadOptions(query), evaluated: query.evaluated });
  }

  @Get('path/*')
  @Relayed()
  pageByPath(
    @Ctx() ctx: RequestContext,
    @Param() params: RevisionParams,
    @Param('*') pagePath: string,
    @Query() query: PageReadQuery,
  ): Promise<JsonBytes<RevisionPage>> {
    return this.services.relay(ContentSubjects.pageByPath, ctx, {
      spaceId: params.spaceId,
      revisionId: params.revisionId,
      pagePath,
      ...pageReadOptions(query),
    });
  }
}
