import {
  type List,
  type OpenApiSpec,
  type OpenApiSpecContent,
  type OpenApiSpecRawContent,
  type OpenApiSpecVersion,
  type RequestContext,
  SitesSubjects,
} from '@bindery/contracts';
import { type JsonBytes, ServiceClient } from '@bindery/platform/nest';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { PageQuery } from '../common/page.query';
import { Ctx } from '../common/request-context.decorator';
import {
  CreateOpenApiSpecRequest,
  OpenApiOrganizationParams,
  OpenApiSpecParams,
  OpenApiVersionParams,
  PutOpenApiSpecRequest,
  UpdateOpenApiSpecRequest,
} from './dto/openapi.request';
import { Relayed } from '../common/relayed.decorator';

/** OpenAPI specs of an organization (the sites service), their processed versions and content. */
@Controller('v1/orgs/:organizationId/openapi')
export class OpenApiController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @Relayed()
  list(
    @Ctx() ctx: RequestContext,
    @Param() params: OpenApiOrganizationParams,
    @Query() query: PageQuery,
  ): Promise<JsonBytes<List<OpenApiSpec>>> {
    return this.services.relay(SitesSubjects.openApiList, ctx, { ...query, organizationId: params.organizationId });
  }

  /** Answers at once with `processingState: pending`; the sites worker processes the source. */
  @Post()
  @Relayed()
  @HttpCode(201)
  create(
    @Ctx() ctx: RequestContext,
    @Param() params: OpenApiOrganizationParams,
    @Body() body: CreateOpenApiSpecRequest,
  ): Promise<JsonBytes<OpenApiSpec>> {
    return this.services.relay(SitesSubjects.openApiCreate, ctx, {
      organizationId: params.organizationId,
      slug: body.slug,
      source: { ...body.source },
    });
  }

  @Get(':specSlug')
  @Relayed()
  get(@Ctx() ctx: RequestContext, @Param() params: OpenApiSpecParams): Promise<JsonBytes<OpenApiSpec>> {
    return this.services.relay(SitesSubjects.openApiGet, ctx, { ...params });
  }

  /** Creates (201) or updates (200) the spec; the same URL again fetches it again. */
  @Put(':specSlug')
  async put(
    @Ctx() ctx: RequestContext,
    @Param() params: OpenApiSpecParams,
    @Body() body: PutOpenApiSpecRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OpenApiSpec> {
    const result = await this.services.send(SitesSubjects.openApiPut, ctx, { ...params, source: { ...body.source } });
    void reply.status(result.created ? 201 : 200);
    return result.spec;
  }

  @Patch(':specSlug')
  @Relayed()
  update(
    @Ctx() ctx: RequestContext,
    @Param() params: OpenApiSpecParams,
    @Body() body: UpdateOpenApiSpecRequest,
  ): Promise<JsonBytes<OpenApiSpec>> {
    return this.services.relay(SitesSubjects.openApiUpdate, ctx, { ...params, visibility: body.visibility });
  }

  @Delete(':specSlug')
  @HttpCode(204)
  async delete(@Ctx() ctx: RequestContext, @Param() params: OpenApiSpecParams): Promise<void> {
    await this.services.send(SitesSubjects.openApiDelete, ctx, { ...params });
  }

  @Get(':specSlug/versions')
  @Relayed()
  versions(
    @Ctx() ctx: RequestContext,
    @Param() params: OpenApiSpecParams,
    @Query() query: PageQuery,
  ): Promise<JsonBytes<List<OpenApiSpecVersion>>> {
    return this.services.relay(SitesSubjects.openApiVersionList, ctx, { ...query, ...params });
  }

  @Get(':specSlug/versions/latest')
  @Relayed()
  latest(@Ctx() ctx: RequestContext, @Param() params: OpenApiSpecParams): Promise<JsonBytes<OpenApiSpecVersion>> {
    return this.services.relay(SitesSubjects.openApiVersionGet, ctx, { ...params, versionId: 'latest' });
  }

  @Get(':specSlug/versions/latest/content')
  @Relayed()
  latestContent(@Ctx() ctx: RequestContext, @Param() params: OpenApiSpecParams): Promise<JsonBytes<OpenApiSpecContent>> {
    return this.services.relay(SitesSubjects.openApiVersionContent, ctx, { ...params, versionId: 'latest' });
  }

  @Get(':specSlug/versions/latest/content/raw')
  @Relayed()
  latestRaw(@Ctx() ctx: RequestContext, @Param() params: OpenApiSpecParams): Promise<JsonBytes<OpenApiSpecRawContent>> {
    return this.services.relay(SitesSubjects.openApiLatestRaw, ctx, { ...params });
  }

  @Get(':specSlug/versions/:versionId')
  @Relayed()
  version(@Ctx() ctx: RequestContext, @Param() params: OpenApiVersionParams): Promise<JsonBytes<OpenApiSpecVersion>> {
    return this.services.relay(SitesSubjects.openApiVersionGet, ctx, { ...params });
  }

  @Get(':specSlug/versions/:versionId/content')
  @Relayed()
  versionContent(@Ctx() ctx: RequestContext, @Param() params: OpenApiVersionParams): Promise<JsonBytes<OpenApiSpecContent>> {
    return this.services.relay(SitesSubjects.openApiVersionContent, ctx, { ...params });
  }
}
