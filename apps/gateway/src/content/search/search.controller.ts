import { ContentSubjects, type List, type RequestContext, type SearchPageResult, type SearchSpaceResult } from '@bindery/contracts';
import { type JsonBytes, ServiceClient } from '@bindery/platform/nest';
import { Controller, Get, Param, Query } from '@nestjs/common';
import { Ctx } from '../../common/request-context.decorator';
import { SpaceParams } from '../dto/content.params';
import { OrgSearchParams, SearchQuery } from './search.query';
import { Relayed } from '../../common/relayed.decorator';

/** Full-text search of spaces' main content, scoped to what the caller may read. */
@Controller('v1')
export class SearchController {
  constructor(private readonly services: ServiceClient) {}

  @Get('spaces/:spaceId/search')
  @Relayed()
  space(@Ctx() ctx: RequestContext, @Param() params: SpaceParams, @Query() query: SearchQuery): Promise<JsonBytes<List<SearchPageResult>>> {
    return this.services.relay(ContentSubjects.spaceSearch, ctx, { spaceId: params.spaceId, ...query });
  }

  @Get('orgs/:organizationId/search')
  @Relayed()
  organization(
    @Ctx() ctx: RequestContext,
    @Param() params: OrgSearchParams,
    @Query() query: SearchQuery,
  ): Promise<JsonBytes<List<SearchSpaceResult>>> {
    return this.services.relay(ContentSubjects.orgSearch, ctx, { organizationId: params.organizationId, ...query });
  }
}
