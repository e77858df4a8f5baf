import {
  ContentSubjects,
  type JsonDocument,
  type RequestContext,
  type RevisionPage,
  type RevisionReusableContent,
} from '@bindery/contracts';
import { ServiceClient } from '@bindery/platform/nest';
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

/**
 * Reusable contents of a space, a change request or a revision, and pages by path
 * (`getPageByPath`). A page path has slashes (`guide/install`): the route ends with a wildcard.
 */
@Controller('v1/spaces/:spaceId')
export class ReusableContentsController {
  constructor(private readonly services: ServiceClient) {}

  @Get('content/reusable-contents/:reusableContentId')
  inSpace(
    @Ctx() ctx: RequestContext,
    @Param() params: SpaceReusableContentParams,
    @Query() _query: ContentQuery,
  ): Promise<RevisionReusableContent> {
    return this.services.send(ContentSubjects.reusableContentGet, ctx, { ...params });
  }

  @Get('change-requests/:changeRequestId/content/reusable-contents/:reusableContentId')
  inChangeRequest(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestReusableContentParams,
    @Query() _query: ContentQuery,
  ): Promise<RevisionReusableContent> {
    return this.services.send(ContentSubjects.reusableContentGet, ctx, { ...params });
  }

  @Get('revisions/:revisionId/reusable-contents/:reusableContentId')
  inRevision(
    @Ctx() ctx: RequestContext,
    @Param() params: RevisionReusableContentParams,
    @Query() _query: ContentQuery,
  ): Promise<RevisionReusableContent> {
    return this.services.send(ContentSubjects.reusableContentGet, ctx, { ...params });
  }

  @Get('revisions/:revisionId/reusable-contents/:reusableContentId/document')
  documentInRevision(
    @Ctx() ctx: RequestContext,
    @Param() params: RevisionReusableContentParams,
    @Query() _query: DocumentReadQuery,
  ): Promise<JsonDocument> {
    return this.services.send(ContentSubjects.reusableContentDocument, ctx, { ...params });
  }

  @Get('content/path/*')
  pageByPath(
    @Ctx() ctx: RequestContext,
    @Param() params: SpaceParams,
    @Param('*') pagePath: string,
    @Query() query: PageReadQuery,
  ): Promise<RevisionPage> {
    return this.services.send(ContentSubjects.pageByPath, ctx, { spaceId: params.spaceId, pagePath, ...pageReadOptions(query) });
  }

  @Get('change-requests/:changeRequestId/content/path/*')
  pageInChangeRequestByPath(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestParams,
    @Param('*') pagePath: string,
    @Query() query: PageReadQuery,
  ): Promise<RevisionPage> {
    return this.services.send(ContentSubjects.pageByPath, ctx, {
      spaceId: params.spaceId,
      changeRequestId: params.changeRequestId,
      pagePath,
      ...pageReadOptions(query),
    });
  }
}
