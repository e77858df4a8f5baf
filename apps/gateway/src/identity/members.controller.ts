import {
  IdentitySubjects,
  type List,
  type Member,
  type MemberSpace,
  type MemberTeam,
  type PingResult,
  type RequestContext,
} from '@bindery/contracts';
import { type JsonBytes, ServiceClient } from '@bindery/platform/nest';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { Ctx } from '../common/request-context.decorator';
import { ListMembersQuery, OrderedPageQuery, TitleFilterQuery } from './dto/list-members.query';
import { MemberParams } from './dto/member.params';
import { OrganizationParams } from './dto/organization.params';
import { UpdateMemberRequest } from './dto/update-member.request';
import { Relayed } from '../common/relayed.decorator';

@Controller('v1/orgs/:organizationId')
export class MembersController {
  constructor(private readonly services: ServiceClient) {}

  @Get('members')
  @Relayed()
  list(
    @Ctx() ctx: RequestContext,
    @Param() params: OrganizationParams,
    @Query() query: ListMembersQuery,
  ): Promise<JsonBytes<List<Member>>> {
    return this.services.relay(IdentitySubjects.memberList, ctx, { ...query, organizationId: params.organizationId });
  }

  @Get('members/:userId')
  @Relayed()
  get(@Ctx() ctx: RequestContext, @Param() params: MemberParams): Promise<JsonBytes<Member>> {
    return this.services.relay(IdentitySubjects.memberGet, ctx, { ...params });
  }

  /** PATCH …/members/{userId} — admins only; the last admin cannot be demoted. */
  @Patch('members/:userId')
  @Relayed()
  update(@Ctx() ctx: RequestContext, @Param() params: MemberParams, @Body() body: UpdateMemberRequest): Promise<JsonBytes<Member>> {
    return this.services.relay(IdentitySubjects.memberUpdate, ctx, { ...params, role: body.role });
  }

  @Delete('members/:userId')
  @HttpCode(204)
  async remove(@Ctx() ctx: RequestContext, @Param() params: MemberParams): Promise<void> {
    await this.services.send(IdentitySubjects.memberRemove, ctx, { ...params });
  }

  @Post('members/:userId/sso')
  @Relayed()
  @HttpCode(200)
  setSso(@Ctx() ctx: RequestContext, @Param() params: MemberParams): Promise<JsonBytes<Member>> {
    return this.services.relay(IdentitySubjects.memberSetSso, ctx, { ...params });
  }

  @Get('members/:userId/teams')
  @Relayed()
  teams(@Ctx() ctx: RequestContext, @Param() params: MemberParams, @Query() query: TitleFilterQuery): Promise<JsonBytes<List<MemberTeam>>> {
    return this.services.relay(IdentitySubjects.memberTeams, ctx, { ...query, ...params });
  }

  @Get('members/:userId/spaces')
  @Relayed()
  spaces(
    @Ctx() ctx: RequestContext,
    @Param() params: MemberParams,
    @Query() query: OrderedPageQuery,
  ): Promise<JsonBytes<List<MemberSpace>>> {
    return this.services.relay(IdentitySubjects.memberSpaces, ctx, { ...query, ...params });
  }

  /** POST …/ping — records the caller's activity; returns signed visitor claims. */
  @Post('ping')
  @Relayed()
  @HttpCode(200)
  ping(@Ctx() ctx: RequestContext, @Param() params: OrganizationParams): Promise<JsonBytes<PingResult>> {
    return this.services.relay(IdentitySubjects.memberPing, ctx, { organizationId: params.organizationId });
  }
}
