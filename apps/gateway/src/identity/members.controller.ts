import {
  IdentitySubjects,
  type List,
  type Member,
  type MemberSpace,
  type MemberTeam,
  type PingResult,
  type RequestContext,
} from '@bindery/contracts';
import { ServiceClient } from '@bindery/platform/nest';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { Ctx } from '../common/request-context.decorator';
import { ListMembersQuery, OrderedPageQuery, TitleFilterQuery } from './dto/list-members.query';
import { MemberParams } from './dto/member.params';
import { OrganizationParams } from './dto/organization.params';
import { UpdateMemberRequest } from './dto/update-member.request';

@Controller('v1/orgs/:organizationId')
export class MembersController {
  constructor(private readonly services: ServiceClient) {}

  @Get('members')
  list(@Ctx() ctx: RequestContext, @Param() params: OrganizationParams, @Query() query: ListMembersQuery): Promise<List<Member>> {
    return this.services.send(IdentitySubjects.memberList, ctx, { ...query, organizationId: params.organizationId });
  }

  @Get('members/:userId')
  get(@Ctx() ctx: RequestContext, @Param() params: MemberParams): Promise<Member> {
    return this.services.send(IdentitySubjects.memberGet, ctx, { ...params });
  }

  /** PATCH …/members/{userId} — admins only; the last admin cannot be demoted. */
  @Patch('members/:userId')
  update(@Ctx() ctx: RequestContext, @Param() params: MemberParams, @Body() body: UpdateMemberRequest): Promise<Member> {
    return this.services.send(IdentitySubjects.memberUpdate, ctx, { ...params, role: body.role });
  }

  @Delete('members/:userId')
  @HttpCode(204)
  async remove(@Ctx() ctx: RequestContext, @Param() params: MemberParams): Promise<void> {
    await this.services.send(IdentitySubjects.memberRemove, ctx, { ...params });
  }

  @Post('members/:userId/sso')
  @HttpCode(200)
  setSso(@Ctx() ctx: RequestContext, @Param() params: MemberParams): Promise<Member> {
    return this.services.send(IdentitySubjects.memberSetSso, ctx, { ...params });
  }

  @Get('members/:userId/teams')
  teams(@Ctx() ctx: RequestContext, @Param() params: MemberParams, @Query() query: TitleFilterQuery): Promise<List<MemberTeam>> {
    return this.services.send(IdentitySubjects.memberTeams, ctx, { ...query, ...params });
  }

  @Get('members/:userId/spaces')
  spaces(@Ctx() ctx: RequestContext, @Param() params: MemberParams, @Query() query: OrderedPageQuery): Promise<List<MemberSpace>> {
    return this.services.send(IdentitySubjects.memberSpaces, ctx, { ...query, ...params });
  }

  /** POST …/ping — records the caller's activity; returns signed visitor claims. */
  @Post('ping')
  @HttpCode(200)
  ping(@Ctx() ctx: RequestContext, @Param() params: OrganizationParams): Promise<PingResult> {
    return this.services.send(IdentitySubjects.memberPing, ctx, { organizationId: params.organizationId });
  }
}
