import { type List, type PageFeedback, type RequestContext, SitesSubjects } from '@bindery/contracts';
import { type JsonBytes, ServiceClient } from '@bindery/platform/nest';
import { Controller, Get, Param, Query } from '@nestjs/common';
import { IsOptional, Matches } from 'class-validator';
import { PageQuery } from '../common/page.query';
import { Ctx } from '../common/request-context.decorator';
import { SiteParams } from './dto/site.request';
import { Relayed } from '../common/relayed.decorator';

export class ListFeedbackQuery extends PageQuery {
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: 'pageId must be a page id' })
  pageId?: string;

  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: 'siteSpaceId must be a site space id' })
  siteSpaceId?: string;
}

/**
 * A Bindery extension: the "was this helpful?" ratings visitors gave a site's pages, newest first
 * (the official API only aggregates insights events). Admins of the organization only.
 */
@Controller('v1/orgs/:organizationId/sites/:siteId/feedback')
export class FeedbackController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @Relayed()
  list(@Ctx() ctx: RequestContext, @Param() params: SiteParams, @Query() query: ListFeedbackQuery): Promise<JsonBytes<List<PageFeedback>>> {
    return this.services.relay(SitesSubjects.feedbackList, ctx, { ...query, ...params });
  }
}
