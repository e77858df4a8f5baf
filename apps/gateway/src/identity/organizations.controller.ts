import { IdentitySubjects, type List, type Organization, type RequestContext } from '@bindery/contracts';
import { type JsonBytes, ServiceClient } from '@bindery/platform/nest';
import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { PageQuery } from '../common/page.query';
import { Relayed } from '../common/relayed.decorator';
import { Ctx } from '../common/request-context.decorator';
import { CreateOrganizationRequest } from './dto/create-organization.request';
import { OrganizationParams } from './dto/organization.params';
import { UpdateOrganizationRequest } from './dto/update-organization.request';

@Controller('v1/orgs')
export class OrganizationsController {
  constructor(private readonly services: ServiceClient) {}

  /** GET /v1/orgs — the caller's organizations. */
  @Get()
  @Relayed()
  list(@Ctx() ctx: RequestContext, @Query() query: PageQuery): Promise<JsonBytes<List<Organization>>> {
    return this.services.relay(IdentitySubjects.orgList, ctx, { page: query.page, limit: query.limit });
  }

  /** POST /v1/orgs — the caller becomes the new organization's admin. */
  @Post()
  @HttpCode(201)
  async create(
    @Ctx() ctx: RequestContext,
    @Body() body: CreateOrganizationRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Organization> {
    const organization = await this.services.send(IdentitySubjects.orgCreate, ctx, body);
    void reply.header('location', organization.urls.location);
    return organization;
  }

  /** GET /v1/orgs/{organizationId} — 404 unless the caller is a member. */
  @Get(':organizationId')
  @Relayed()
  get(@Ctx() ctx: RequestContext, @Param() params: OrganizationParams): Promise<JsonBytes<Organization>> {
    return this.services.relay(IdentitySubjects.orgGet, ctx, { organizationId: params.organizationId });
  }

  /** PATCH /v1/orgs/{organizationId} — admins only. */
  @Patch(':organizationId')
  @Relayed()
  update(
    @Ctx() ctx: RequestContext,
    @Param() params: OrganizationParams,
    @Body() body: UpdateOrganizationRequest,
  ): Promise<JsonBytes<Organization>> {
    return this.services.relay(IdentitySubjects.orgUpdate, ctx, { ...body, organizationId: params.organizationId });
  }

  /** POST /v1/orgs/{organizationId}/join — the caller joins through their email domain. */
  @Post(':organizationId/join')
  @HttpCode(204)
  async join(@Ctx() ctx: RequestContext, @Param() params: OrganizationParams): Promise<void> {
    await this.services.send(IdentitySubjects.orgJoin, ctx, { organizationId: params.organizationId });
  }
}
