import { IdentitySubjects, type List, type RequestContext, type Team, type TeamMember } from '@bindery/contracts';
import { type JsonBytes, ServiceClient } from '@bindery/platform/nest';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Put, Query } from '@nestjs/common';
import { PageQuery } from '../common/page.query';
import { Ctx } from '../common/request-context.decorator';
import { OrganizationParams } from './dto/organization.params';
import { TeamMemberParams, TeamParams } from './dto/team.params';
import { CreateTeamRequest, ListTeamsQuery, PutTeamMemberRequest, UpdateTeamMembersRequest, UpdateTeamRequest } from './dto/team.request';
import { Relayed } from '../common/relayed.decorator';

@Controller('v1/orgs/:organizationId/teams')
export class TeamsController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @Relayed()
  list(@Ctx() ctx: RequestContext, @Param() params: OrganizationParams, @Query() query: ListTeamsQuery): Promise<JsonBytes<List<Team>>> {
    return this.services.relay(IdentitySubjects.teamList, ctx, { ...query, organizationId: params.organizationId });
  }

  /** PUT …/teams — admins create a team. */
  @Put()
  @Relayed()
  @HttpCode(201)
  create(@Ctx() ctx: RequestContext, @Param() params: OrganizationParams, @Body() body: CreateTeamRequest): Promise<JsonBytes<Team>> {
    return this.services.relay(IdentitySubjects.teamCreate, ctx, { ...body, organizationId: params.organizationId });
  }

  @Get(':teamId')
  @Relayed()
  get(@Ctx() ctx: RequestContext, @Param() params: TeamParams): Promise<JsonBytes<Team>> {
    return this.services.relay(IdentitySubjects.teamGet, ctx, { ...params });
  }

  @Patch(':teamId')
  @Relayed()
  update(@Ctx() ctx: RequestContext, @Param() params: TeamParams, @Body() body: UpdateTeamRequest): Promise<JsonBytes<Team>> {
    return this.services.relay(IdentitySubjects.teamUpdate, ctx, { ...params, title: body.title });
  }

  @Delete(':teamId')
  @HttpCode(204)
  async delete(@Ctx() ctx: RequestContext, @Param() params: TeamParams): Promise<void> {
    await this.services.send(IdentitySubjects.teamDelete, ctx, { ...params });
  }

  @Get(':teamId/members')
  @Relayed()
  members(@Ctx() ctx: RequestContext, @Param() params: TeamParams, @Query() query: PageQuery): Promise<JsonBytes<List<TeamMember>>> {
    return this.services.relay(IdentitySubjects.teamMemberList, ctx, { ...query, ...params });
  }

  /** PUT …/teams/{teamId}/members — bulk add/remove; a user in both lists is removed. */
  @Put(':teamId/members')
  @HttpCode(204)
  async updateMembers(@Ctx() ctx: RequestContext, @Param() params: TeamParams, @Body() body: UpdateTeamMembersRequest): Promise<void> {
    await this.services.send(IdentitySubjects.teamMembersUpdate, ctx, { ...body, ...params });
  }

  @Put(':teamId/members/:userId')
  @HttpCode(204)
  async putMember(@Ctx() ctx: RequestContext, @Param() params: TeamMemberParams, @Body() body: PutTeamMemberRequest): Promise<void> {
    await this.services.send(IdentitySubjects.teamMemberPut, ctx, { ...params, role: body.role });
  }

  @Delete(':teamId/members/:userId')
  @HttpCode(204)
  async removeMember(@Ctx() ctx: RequestContext, @Param() params: TeamMemberParams): Promise<void> {
    await this.services.send(IdentitySubjects.teamMemberRemove, ctx, { ...params });
  }
}
