import {
  type Envelope,
  IdentitySubjects,
  type InviteEmailsInput,
  type InviteEmailsResult,
  type InviteLink,
  type InviteLinkCreateInput,
  type InviteLinkInput,
  type InviteLinkUpdateInput,
  type List,
  type PageQuery,
  type PendingInvite,
} from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InvitesService } from './invites.service';

@Controller()
export class InvitesHandler {
  constructor(private readonly invites: InvitesService) {}

  @MessagePattern(IdentitySubjects.inviteEmails)
  inviteEmails(@Payload() { ctx, data }: Envelope<InviteEmailsInput>): Promise<InviteEmailsResult> {
    return this.invites.inviteEmails(ctx, data);
  }

  @MessagePattern(IdentitySubjects.inviteLinkCreate)
  createLink(@Payload() { ctx, data }: Envelope<InviteLinkCreateInput>): Promise<InviteLink> {
    return this.invites.createLink(ctx, data);
  }

  @MessagePattern(IdentitySubjects.inviteLinkList)
  listLinks(@Payload() { ctx, data }: Envelope<PageQuery & { organizationId: string }>): Promise<List<InviteLink>> {
    return this.invites.listLinks(ctx, data);
  }

  @MessagePattern(IdentitySubjects.inviteLinkGet)
  getLink(@Payload() { ctx, data }: Envelope<InviteLinkInput>): Promise<InviteLink> {
    return this.invites.getLink(ctx, data);
  }

  @MessagePattern(IdentitySubjects.inviteLinkUpdate)
  updateLink(@Payload() { ctx, data }: Envelope<InviteLinkUpdateInput>): Promise<InviteLink> {
    return this.invites.updateLink(ctx, data);
  }

  @MessagePattern(IdentitySubjects.inviteLinkDelete)
  async deleteLink(@Payload() { ctx, data }: Envelope<InviteLinkInput>): Promise<Record<string, never>> {
    await this.invites.deleteLink(ctx, data);
    return {};
  }

  @MessagePattern(IdentitySubjects.inviteLinkJoin)
  async join(@Payload() { ctx, data }: Envelope<InviteLinkInput>): Promise<Record<string, never>> {
    await this.invites.joinWithInvite(ctx, data);
    return {};
  }

  @MessagePattern(IdentitySubjects.inviteListMine)
  listMine(@Payload() { ctx, data }: Envelope<PageQuery>): Promise<List<PendingInvite>> {
    return this.invites.listMine(ctx, data);
  }
}
