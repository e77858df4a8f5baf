import { ContentSubjects, type List, type RequestContext, type Space } from '@bindery/contracts';
import { type JsonBytes, ServiceClient } from '@bindery/platform/nest';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { PageQuery } from '../common/page.query';
import { Ctx } from '../common/request-context.decorator';
import { OrgSpacesParams, SpaceParams } from './dto/content.params';
import { SpaceGetQuery } from './dto/content.query';
import { MoveRequest, moveInput, TransferRequest } from './dto/collection.request';
import { CreateSpaceRequest, UpdateSpaceRequest } from './dto/space.request';
import { Relayed } from '../common/relayed.decorator';

@Controller('v1')
export class SpacesController {
  constructor(private readonly services: ServiceClient) {}

  /** POST /v1/orgs/{organizationId}/spaces — needs the `create` role. */
  @Post('orgs/:organizationId/spaces')
  @HttpCode(201)
  async create(
    @Ctx() ctx: RequestContext,
    @Param() params: OrgSpacesParams,
    @Body() body: CreateSpaceRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Space> {
    const space = await this.services.send(ContentSubjects.spaceCreate, ctx, { ...body, organizationId: params.organizationId });
    void reply.header('location', space.urls.location);
    return space;
  }

  @Get('orgs/:organizationId/spaces')
  @Relayed()
  list(@Ctx() ctx: RequestContext, @Param() params: OrgSpacesParams, @Query() query: PageQuery): Promise<JsonBytes<List<Space>>> {
    return this.services.relay(ContentSubjects.spaceList, ctx, {
      organizationId: params.organizationId,
      page: query.page,
      limit: query.limit,
    });
  }

  @Get('spaces/:spaceId')
  @Relayed()
  get(@Ctx() ctx: RequestContext, @Param() params: SpaceParams, @Query() query: SpaceGetQuery): Promise<JsonBytes<Space>> {
    return this.services.relay(ContentSubjects.spaceGet, ctx, { spaceId: params.spaceId, shareKey: query.shareKey });
  }

  @Patch('spaces/:spaceId')
  @Relayed()
  update(@Ctx() ctx: RequestContext, @Param() params: SpaceParams, @Body() body: UpdateSpaceRequest): Promise<JsonBytes<Space>> {
    return this.services.relay(ContentSubjects.spaceUpdate, ctx, { ...body, spaceId: params.spaceId });
  }

  /** Soft delete; 204 also when the space does not exist. */
  @Delete('spaces/:spaceId')
  @HttpCode(204)
  async delete(@Ctx() ctx: RequestContext, @Param() params: SpaceParams): Promise<void> {
    await this.services.send(ContentSubjects.spaceDelete, ctx, { spaceId: params.spaceId });
  }

  @Post('spaces/:spaceId/restore')
  @Relayed()
  @HttpCode(200)
  restore(@Ctx() ctx: RequestContext, @Param() params: SpaceParams): Promise<JsonBytes<Space>> {
    return this.services.relay(ContentSubjects.spaceRestore, ctx, { spaceId: params.spaceId });
  }

  /** Into a collection (or the top level with `parent: null`) and before or after a sibling space. */
  @Post('spaces/:spaceId/move')
  @Relayed()
  @HttpCode(200)
  move(@Ctx() ctx: RequestContext, @Param() params: SpaceParams, @Body() body: MoveRequest): Promise<JsonBytes<Space>> {
    return this.services.relay(ContentSubjects.spaceMove, ctx, { ...moveInput(body), spaceId: params.spaceId });
  }

  /** To another organization the caller administers. */
  @Post('spaces/:spaceId/transfer')
  @Relayed()
  @HttpCode(200)
  transfer(@Ctx() ctx: RequestContext, @Param() params: SpaceParams, @Body() body: TransferRequest): Promise<JsonBytes<Space>> {
    return this.services.relay(ContentSubjects.spaceTransfer, ctx, { spaceId: params.spaceId, organization: body.organization });
  }

  @Post('spaces/:spaceId/duplicate')
  @Relayed()
  @HttpCode(201)
  duplicate(@Ctx() ctx: RequestContext, @Param() params: SpaceParams): Promise<JsonBytes<Space>> {
    return this.services.relay(ContentSubjects.spaceDuplicate, ctx, { spaceId: params.spaceId });
  }
}
