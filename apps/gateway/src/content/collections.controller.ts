import { type Collection, ContentSubjects, type List, type RequestContext, type Space } from '@bindery/contracts';
import { type JsonBytes, ServiceClient } from '@bindery/platform/nest';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { PageQuery } from '../common/page.query';
import { Ctx } from '../common/request-context.decorator';
import {
  CollectionListQuery,
  CollectionParams,
  CreateCollectionRequest,
  MoveRequest,
  moveInput,
  TransferRequest,
  UpdateCollectionRequest,
} from './dto/collection.request';
import { OrgSpacesParams } from './dto/content.params';
import { Relayed } from '../common/relayed.decorator';

@Controller('v1')
export class CollectionsController {
  constructor(private readonly services: ServiceClient) {}

  @Post('orgs/:organizationId/collections')
  @HttpCode(201)
  async create(
    @Ctx() ctx: RequestContext,
    @Param() params: OrgSpacesParams,
    @Body() body: CreateCollectionRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Collection> {
    const collection = await this.services.send(ContentSubjects.collectionCreate, ctx, {
      ...body,
      organizationId: params.organizationId,
    });
    void reply.header('location', collection.urls.location);
    return collection;
  }

  @Get('orgs/:organizationId/collections')
  @Relayed()
  list(
    @Ctx() ctx: RequestContext,
    @Param() params: OrgSpacesParams,
    @Query() query: CollectionListQuery,
  ): Promise<JsonBytes<List<Collection>>> {
    return this.services.relay(ContentSubjects.collectionList, ctx, {
      organizationId: params.organizationId,
      page: query.page,
      limit: query.limit,
      nested: query.nested !== 'false',
    });
  }

  @Get('collections/:collectionId')
  @Relayed()
  get(@Ctx() ctx: RequestContext, @Param() params: CollectionParams): Promise<JsonBytes<Collection>> {
    return this.services.relay(ContentSubjects.collectionGet, ctx, { ...params });
  }

  @Patch('collections/:collectionId')
  @Relayed()
  update(
    @Ctx() ctx: RequestContext,
    @Param() params: CollectionParams,
    @Body() body: UpdateCollectionRequest,
  ): Promise<JsonBytes<Collection>> {
    return this.services.relay(ContentSubjects.collectionUpdate, ctx, { ...body, ...params });
  }

  @Delete('collections/:collectionId')
  @HttpCode(204)
  async delete(@Ctx() ctx: RequestContext, @Param() params: CollectionParams): Promise<void> {
    await this.services.send(ContentSubjects.collectionDelete, ctx, { ...params });
  }

  @Get('collections/:collectionId/spaces')
  @Relayed()
  spaces(@Ctx() ctx: RequestContext, @Param() params: CollectionParams, @Query() query: PageQuery): Promise<JsonBytes<List<Space>>> {
    return this.services.relay(ContentSubjects.collectionSpaces, ctx, { ...params, page: query.page, limit: query.limit });
  }

  @Post('collections/:collectionId/transfer')
  @Relayed()
  @HttpCode(200)
  transfer(@Ctx() ctx: RequestContext, @Param() params: CollectionParams, @Body() body: TransferRequest): Promise<JsonBytes<Collection>> {
    return this.services.relay(ContentSubjects.collectionTransfer, ctx, { ...params, organization: body.organization });
  }

  @Post('collections/:collectionId/move')
  @Relayed()
  @HttpCode(200)
  move(@Ctx() ctx: RequestContext, @Param() params: CollectionParams, @Body() body: MoveRequest): Promise<JsonBytes<Collection>> {
    return this.services.relay(ContentSubjects.collectionMove, ctx, { ...moveInput(body), ...params });
  }
}
