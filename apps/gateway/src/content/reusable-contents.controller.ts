import {
  ContentSubjects,
  type JsonDocument,
  type RequestContext,
  type RevisionPage,
  type RevisionReusableContent,
} from '@bindery/contracts';
import { type JsonBytes, ServiceClient } from '@bindery/platform/nest';
import { Controller, Get, Param, Query } from '@nestjs/common';
import { Ctx } from '../common/request-context.decorator';
import { ChangeRequestParams, SpaceParams } from './dto/content.params';
import { ContentQuery, pageReadOptions, PageReadQuery } from './dto/content.query';
import {
  ChangeRequestReusableContentParams,
  DocumentReadQuery,
  RevisionReusableContentParams,
  SpaceReusableContentParams,
} from './dto/reusable-content.params';
import { Relayed } from '../common/relayed.decorator';

/**
 * Reusable contents of a space, a change request or a revision, and pages by path
 * (`getPageByPath`). A page path has slashes (`guide/install`): the route ends with a wildcard.
 */
@Controller('v1/spaces/:spaceId')
export class ReusableContentsController {
  constructor(private readonly services: ServiceClient) {}

  @Get('content/reusable-contents/:reusableContentId')
  @Relayed()
  inSpace(
    @Ctx() ctx: RequestContext,
    @Param() params: SpaceReusableContentParams,
    @Query() _query: ContentQuery,
  ): Promise<JsonBytes<RevisionReusableContent>> {
    return this.services.relay(ContentSubjects.reusableContentGet, ctx, { ...params });
  }

  @Get('change-requests/:changeRequestId/content/reusable-contents/:reusableContentId')
  @Relayed()
  inChangeRequest(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestReusableContentParams,
    @Query() _query: ContentQuery,
  ): Promise<JsonBytes<RevisionReusableContent>> {
    return this.services.relay(ContentSubjects.reusableContentGet, ctx, { ...params });
  }

  @Get('revisions/:revisionId/reusable-contents/:reusableContentId')
  @Relayed()
  inRevision(
    @Ctx() ctx: RequestContext,
    @Param() params: RevisionReusableContentParams,
    @Query() _query: ContentQuery,
  ): Promise<JsonBytes<RevisionReusableContent>> {
    return this.services.relay(ContentSubjects.reusableContentGet, ctx, { ...params });
  }

  @Get('revisions/:revisionId/reusable-contents/:reusableContentId/document')
  @Relayed()
  documentInRevision(
    @Ctx() ctx: RequestContext,
    @Param() params: RevisionReusableContentParams,
    @Query() _query: DocumentReadQuery,
  ): Promise<JsonBytes<JsonDocument>> {
    return this.services.relay(ContentSubjects.reusableContentDocument, ctx, { ...params });
  }

  @Get('content/path/*')
  @Relayed()
  pageByPath(
    @Ctx() ctx: RequestContext,
    @Param() params: SpaceParams,
    @Param('*') pagePath: string,
    @Query() query: PageReadQuery,
  ): Promise<JsonBytes<RevisionPage>> {
    return this.services.relay(ContentSubjects.pageByPath, ctx, { spaceId: params.spaceId, pagePath, ...pageReadOptions(query) });
  }

  @Get('change-requests/:changeRequestId/content/path/*')
  @Relayed()
  pageInChangeRequestByPath(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestParams,
    @Param('*') pagePath: string,
    @Query() query: PageReadQuery,
  ): Promise<JsonBytes<RevisionPage>> {
    return this.services.relay(ContentSubjects.pageByPath, ctx, {
      spaceId: params.spaceId,
      changeRequestId: params.changeRequestId,
      pagePath,
      ...pageReadOptions(query),
    });
  }
}
