import { ContentSubjects, type List, type RequestContext, type Space } from '@bindery/contracts';
import { ServiceClient } from '@bindery/platform/nest';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { PageQuery } from '../common/page.query';
import { Ctx } from '../common/request-context.decorator';
import { OrgSpacesParams, SpaceParams } from './dto/content.params';
import { SpaceGetQuery } from './dto/content.query';
import { MoveRequest, moveInput, TransferRequest } from './dto/collection.request';
import { CreateSpaceRequest, UpdateSpaceRequest } from './dto/space.request';

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
  list(@Ctx() ctx: RequestContext, @Param() params: OrgSpacesParams, @Query() query: PageQuery): Promise<List<Space>> {
    return this.services.send(ContentSubjects.spaceList, ctx, {
      organizationId: params.organizationId,
      page: query.page,
      limit: query.limit,
    });
  }

  @Get('spaces/:spaceId')
  get(@Ctx() ctx: RequestContext, @Param() params: SpaceParams, @Query() query: SpaceGetQuery): Promise<Space> {
    return this.services.send(ContentSubjects.spaceGet, ctx, { spaceId: params.spaceId, shareKey: query.shareKey });
  }

  @Patch('spaces/:spaceId')
  update(@Ctx() ctx: RequestContext, @Param() params: SpaceParams, @Body() body: UpdateSpaceRequest): Promise<Space> {
    return this.services.send(ContentSubjects.spaceUpdate, ctx, { ...body, spaceId: params.spaceId });
  }

  /** Soft delete; 204 also when the space does not exist. */
  @Delete('spaces/:spaceId')
  @HttpCode(204)
  async delete(@Ctx() ctx: RequestContext, @Param() params: SpaceParams): Promise<void> {
    await this.services.send(ContentSubjects.spaceDelete, ctx, { spaceId: params.spaceId });
  }

  @Post('spaces/:spaceId/restore')
  @HttpCode(200)
  restore(@Ctx() ctx: RequestContext, @Param() params: SpaceParams): Promise<Space> {
    return this.services.send(ContentSubjects.spaceRestore, ctx, { spaceId: params.spaceId });
  }

  /** Into a collection (or the top level with `parent: null`) and before or after a sibling space. */
  @Post('spaces/:spaceId/move')
  @HttpCode(200)
  move(@Ctx() ctx: RequestContext, @Param() params: SpaceParams, @Body() body: MoveRequest): Promise<Space> {
    return this.services.send(ContentSubjects.spaceMove, ctx, { ...moveInput(body), spaceId: params.spaceId });
  }

  /** To another organization the caller administers. */
  @Post('spaces/:spaceId/transfer')
  @HttpCode(200)
  transfer(@Ctx() ctx: RequestContext, @Param() params: SpaceParams, @Body() body: TransferRequest): Promise<Space> {
    return this.services.send(ContentSubjects.spaceTransfer, ctx, { spaceId: params.spaceId, organization: body.organization });
  }

  @Post('spaces/:spaceId/duplicate')
  @HttpCode(201)
  duplicate(@Ctx() ctx: RequestContext, @Param() params: SpaceParams): Promise<Space> {
    return this.services.send(ContentSubjects.spaceDuplicate, ctx, { spaceId: params.spaceId });
  }
}
