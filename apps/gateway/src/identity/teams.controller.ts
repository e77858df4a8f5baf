import { IdentitySubjects, type List, type RequestContext, type Team, type TeamMember } from '@bindery/contracts';
import { ServiceClient } from '@bindery/platform/nest';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Put, Query } from '@nestjs/common';
import { PageQuery } from '../common/page.query';
import { Ctx } from '../common/request-context.decorator';
import { OrganizationParams } from './dto/organization.params';
import { TeamMemberParams, TeamParams } from './dto/team.params';
import { CreateTeamRequest, ListTeamsQuery, PutTeamMemberRequest, UpdateTeamMembersRequest, UpdateTeamRequest } from './dto/team.request';

@Controller('v1/orgs/:organizationId/teams')
export class TeamsController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  list(@Ctx() ctx: RequestContext, @Param() params: OrganizationParams, @Query() query: ListTeamsQuery): Promise<List<Team>> {
    return this.services.send(IdentitySubjects.teamList, ctx, { ...query, organizationId: params.organizationId });
  }

  /** PUT …/teams — admins create a team. */
  @Put()
  @HttpCode(201)
  create(@Ctx() ctx: RequestContext, @Param() params: OrganizationParams, @Body() body: CreateTeamRequest): Promise<Team> {
    return this.services.send(IdentitySubjects.teamCreate, ctx, { ...body, organizationId: params.organizationId });
  }

  @Get(':teamId')
  get(@Ctx() ctx: RequestContext, @Param() params: TeamParams): Promise<Team> {
    return this.services.send(IdentitySubjects.teamGet, ctx, { ...params });
  }

  @Patch(':teamId')
  update(@Ctx() ctx: RequestContext, @Param() params: TeamParams, @Body() body: UpdateTeamRequest): Promise<Team> {
    return this.services.send(IdentitySubjects.teamUpdate, ctx, { ...params, title: body.title });
  }

  @Delete(':teamId')
  @HttpCode(204)
  async delete(@Ctx() ctx: RequestContext, @Param() params: TeamParams): Promise<void> {
    await this.services.send(IdentitySubjects.teamDelete, ctx, { ...params });
  }

  @Get(':teamId/members')
  members(@Ctx() ctx: RequestContext, @Param() params: TeamParams, @Query() query: PageQuery): Promise<List<TeamMember>> {
    return this.services.send(IdentitySubjects.teamMemberList, ctx, { ...query, ...params });
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
