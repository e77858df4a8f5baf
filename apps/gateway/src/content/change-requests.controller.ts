import { type ChangeRequest, ContentSubjects, type List, type MergeResult, type RequestContext } from '@bindery/contracts';
import { type JsonBytes, ServiceClient } from '@bindery/platform/nest';
import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Ctx } from '../common/request-context.decorator';
import { PageTreeReader } from './page-tree/page-tree.reader';
import { ChangeRequestListQuery, CreateChangeRequestRequest, UpdateChangeRequestRequest } from './dto/change-request.request';
import { ChangeRequestParams, OrgSpacesParams, SpaceParams } from './dto/content.params';
import { Relayed } from '../common/relayed.decorator';

@Controller('v1')
export class ChangeRequestsController {
  constructor(
    private readonly services: ServiceClient,
    private readonly pageTrees: PageTreeReader,
  ) {}

  @Post('spaces/:spaceId/change-requests')
  @HttpCode(201)
  async create(
    @Ctx() ctx: RequestContext,
    @Param() params: SpaceParams,
    @Body() body: CreateChangeRequestRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ChangeRequest> {
    const cr = await this.services.send(ContentSubjects.changeRequestCreate, ctx, {
      spaceId: params.spaceId,
      subject: body.subject,
    });
    void reply.header('location', cr.urls.location);
    return cr;
  }

  @Get('spaces/:spaceId/change-requests')
  @Relayed()
  list(
    @Ctx() ctx: RequestContext,
    @Param() params: SpaceParams,
    @Query() query: ChangeRequestListQuery,
  ): Promise<JsonBytes<List<ChangeRequest>>> {
    return this.services.relay(ContentSubjects.changeRequestList, ctx, { ...query, spaceId: params.spaceId });
  }

  @Get('orgs/:organizationId/change-requests')
  @Relayed()
  listForOrganization(
    @Ctx() ctx: RequestContext,
    @Param() params: OrgSpacesParams,
    @Query() query: ChangeRequestListQuery,
  ): Promise<JsonBytes<List<ChangeRequest>>> {
    return this.services.relay(ContentSubjects.changeRequestListForOrg, ctx, { ...query, organizationId: params.organizationId });
  }

  @Get('spaces/:spaceId/change-requests/:changeRequestId')
  @Relayed()
  get(@Ctx() ctx: RequestContext, @Param() params: ChangeRequestParams): Promise<JsonBytes<ChangeRequest>> {
    return this.services.relay(ContentSubjects.changeRequestGet, ctx, { ...params });
  }

  @Patch('spaces/:spaceId/change-requests/:changeRequestId')
  @Relayed()
  update(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestParams,
    @Body() body: UpdateChangeRequestRequest,
  ): Promise<JsonBytes<ChangeRequest>> {
    return this.services.relay(ContentSubjects.changeRequestUpdate, ctx, { ...body, ...params });
  }

  /** Three-way merge into the space; 409 naming the pages on conflict, nothing written. */
  @Post('spaces/:spaceId/change-requests/:changeRequestId/merge')
  @Relayed()
  @HttpCode(200)
  async merge(@Ctx() ctx: RequestContext, @Param() params: ChangeRequestParams): Promise<JsonBytes<MergeResult>> {
    // The answer leaves as content sent it; only its success matters here (a new tree to warm).
    const result = await this.services.relay(ContentSubjects.changeRequestMerge, ctx, { ...params });
    this.pageTrees.warmSoon(ctx, { spaceId: params.spaceId });
    return result;
  }

  /** Pulls the space's changes into the change request. */
  @Post('spaces/:spaceId/change-requests/:changeRequestId/update')
  @Relayed()
  @HttpCode(200)
  pull(@Ctx() ctx: RequestContext, @Param() params: ChangeRequestParams): Promise<JsonBytes<MergeResult>> {
    return this.services.relay(ContentSubjects.changeRequestPull, ctx, { ...params });
  }
}
