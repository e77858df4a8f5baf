import {
  type List,
  type OpenApiSpec,
  type OpenApiSpecContent,
  type OpenApiSpecRawContent,
  type OpenApiSpecVersion,
  type RequestContext,
  SitesSubjects,
} from '@bindery/contracts';
import { ServiceClient } from '@bindery/platform/nest';
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

/** OpenAPI specs of an organization (the sites service), their processed versions and content. */
@Controller('v1/orgs/:organizationId/openapi')
export class OpenApiController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  list(@Ctx() ctx: RequestContext, @Param() params: OpenApiOrganizationParams, @Query() query: PageQuery): Promise<List<OpenApiSpec>> {
    return this.services.send(SitesSubjects.openApiList, ctx, { ...query, organizationId: params.organizationId });
  }

  /** Answers at once with `processingState: pending`; the sites worker processes the source. */
  @Post()
  @HttpCode(201)
  create(
    @Ctx() ctx: RequestContext,
    @Param() params: OpenApiOrganizationParams,
    @Body() body: CreateOpenApiSpecRequest,
  ): Promise<OpenApiSpec> {
    return this.services.send(SitesSubjects.openApiCreate, ctx, {
      organizationId: params.organizationId,
      slug: body.slug,
      source: { ...body.source },
    });
  }

  @Get(':specSlug')
  get(@Ctx() ctx: RequestContext, @Param() params: OpenApiSpecParams): Promise<OpenApiSpec> {
    return this.services.send(SitesSubjects.openApiGet, ctx, { ...params });
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
  update(@Ctx() ctx: RequestContext, @Param() params: OpenApiSpecParams, @Body() body: UpdateOpenApiSpecRequest): Promise<OpenApiSpec> {
    return this.services.send(SitesSubjects.openApiUpdate, ctx, { ...params, visibility: body.visibility });
  }

  @Delete(':specSlug')
  @HttpCode(204)
  async delete(@Ctx() ctx: RequestContext, @Param() params: OpenApiSpecParams): Promise<void> {
    await this.services.send(SitesSubjects.openApiDelete, ctx, { ...params });
  }

  @Get(':specSlug/versions')
  versions(@Ctx() ctx: RequestContext, @Param() params: OpenApiSpecParams, @Query() query: PageQuery): Promise<List<OpenApiSpecVersion>> {
    return this.services.send(SitesSubjects.openApiVersionList, ctx, { ...query, ...params });
  }

  @Get(':specSlug/versions/latest')
  latest(@Ctx() ctx: RequestContext, @Param() params: OpenApiSpecParams): Promise<OpenApiSpecVersion> {
    return this.services.send(SitesSubjects.openApiVersionGet, ctx, { ...params, versionId: 'latest' });
  }

  @Get(':specSlug/versions/latest/content')
  latestContent(@Ctx() ctx: RequestContext, @Param() params: OpenApiSpecParams): Promise<OpenApiSpecContent> {
    return this.services.send(SitesSubjects.openApiVersionContent, ctx, { ...params, versionId: 'latest' });
  }

  @Get(':specSlug/versions/latest/content/raw')
  latestRaw(@Ctx() ctx: RequestContext, @Param() params: OpenApiSpecParams): Promise<OpenApiSpecRawContent> {
    return this.services.send(SitesSubjects.openApiLatestRaw, ctx, { ...params });
  }

  @Get(':specSlug/versions/:versionId')
  version(@Ctx() ctx: RequestContext, @Param() params: OpenApiVersionParams): Promise<OpenApiSpecVersion> {
    return this.services.send(SitesSubjects.openApiVersionGet, ctx, { ...params });
  }

  @Get(':specSlug/versions/:versionId/content')
  versionContent(@Ctx() ctx: RequestContext, @Param() params: OpenApiVersionParams): Promise<OpenApiSpecContent> {
    return this.services.send(SitesSubjects.openApiVersionContent, ctx, { ...params });
  }
}
