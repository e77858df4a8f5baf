import { ContentSubjects, type List, type RequestContext, type SearchPageResult, type SearchSpaceResult } from '@bindery/contracts';
import { ServiceClient } from '@bindery/platform/nest';
import { Controller, Get, Param, Query } from '@nestjs/common';
import { Ctx } from '../../common/request-context.decorator';
import { SpaceParams } from '../dto/content.params';
import { OrgSearchParams, SearchQuery } from './search.query';

/** Full-text search of spaces' main content, scoped to what the caller may read. */
@Controller('v1')
export class SearchController {
  constructor(private readonly services: ServiceClient) {}

  @Get('spaces/:spaceId/search')
  space(@Ctx() ctx: RequestContext, @Param() params: SpaceParams, @Query() query: SearchQuery): Promise<List<SearchPageResult>> {
    return this.services.send(ContentSubjects.spaceSearch, ctx, { spaceId: params.spaceId, ...query });
  }

  @Get('orgs/:organizationId/search')
  organization(
    @Ctx() ctx: RequestContext,
    @Param() params: OrgSearchParams,
    @Query() query: SearchQuery,
  ): Promise<List<SearchSpaceResult>> {
    return this.services.send(ContentSubjects.orgSearch, ctx, { organizationId: params.organizationId, ...query });
  }
}
