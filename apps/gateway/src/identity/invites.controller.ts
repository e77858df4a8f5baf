import { IdentitySubjects, type InviteEmailsResult, type InviteLink, type List, type RequestContext } from '@bindery/contracts';
import { type JsonBytes, ServiceClient } from '@bindery/platform/nest';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { PageQuery } from '../common/page.query';
import { Ctx } from '../common/request-context.decorator';
import { CreateInviteLinkRequest } from './dto/create-invite-link.request';
import { InviteParams } from './dto/invite.params';
import { InviteUsersRequest } from './dto/invite-users.request';
import { OrganizationParams } from './dto/organization.params';
import { Relayed } from '../common/relayed.decorator';

@Controller('v1/orgs/:organizationId')
export class InvitesController {
  constructor(private readonly services: ServiceClient) {}

  /** POST …/invites — admins invite users by email (existing accounts must accept). */
  @Post('invites')
  @Relayed()
  @HttpCode(200)
  invite(
    @Ctx() ctx: RequestContext,
    @Param() params: OrganizationParams,
    @Body() body: InviteUsersRequest,
  ): Promise<JsonBytes<InviteEmailsResult>> {
    return this.services.relay(IdentitySubjects.inviteEmails, ctx, { ...body, organizationId: params.organizationId });
  }

  /** POST …/invites/{inviteId} — the caller joins with an invite link or accepts their pending invitation. */
  @Post('invites/:inviteId')
  @HttpCode(200)
  async join(@Ctx() ctx: RequestContext, @Param() params: InviteParams): Promise<Record<string, never>> {
    await this.services.send(IdentitySubjects.inviteLinkJoin, ctx, { ...params });
    return {};
  }

  @Post('link-invites')
  @Relayed()
  @HttpCode(201)
  createLink(
    @Ctx() ctx: RequestContext,
    @Param() params: OrganizationParams,
    @Body() body: CreateInviteLinkRequest,
  ): Promise<JsonBytes<InviteLink>> {
    return this.services.relay(IdentitySubjects.inviteLinkCreate, ctx, { role: body.role, organizationId: params.organizationId });
  }

  @Get('link-invites')
  @Relayed()
  listLinks(
    @Ctx() ctx: RequestContext,
    @Param() params: OrganizationParams,
    @Query() query: PageQuery,
  ): Promise<JsonBytes<List<InviteLink>>> {
    return this.services.relay(IdentitySubjects.inviteLinkList, ctx, { ...query, organizationId: params.organizationId });
  }

  @Get('link-invites/:inviteId')
  @Relayed()
  getLink(@Ctx() ctx: RequestContext, @Param() params: InviteParams): Promise<JsonBytes<InviteLink>> {
    return this.services.relay(IdentitySubjects.inviteLinkGet, ctx, { ...params });
  }

  /** PATCH …/link-invites/{inviteId} — the role the link grants from now on. */
  @Patch('link-invites/:inviteId')
  @Relayed()
  updateLink(
    @Ctx() ctx: RequestContext,
    @Param() params: InviteParams,
    @Body() body: CreateInviteLinkRequest,
  ): Promise<JsonBytes<InviteLink>> {
    return this.services.relay(IdentitySubjects.inviteLinkUpdate, ctx, { ...params, role: body.role });
  }

  @Delete('link-invites/:inviteId')
  @HttpCode(204)
  async deleteLink(@Ctx() ctx: RequestContext, @Param() params: InviteParams): Promise<void> {
    await this.services.send(IdentitySubjects.inviteLinkDelete, ctx, { ...params });
  }
}
