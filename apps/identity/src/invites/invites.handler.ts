import { IdentitySubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InvitesService } from './invites.service';

const S = IdentitySubjects;

@Controller()
export class InvitesHandler {
  constructor(private readonly invites: InvitesService) {}

  @MessagePattern(S.inviteEmails)
  inviteEmails(@Payload() { ctx, data }: RpcEnvelope<typeof S.inviteEmails>): Promise<RpcResult<typeof S.inviteEmails>> {
    return this.invites.inviteEmails(ctx, data);
  }

  @MessagePattern(S.inviteLinkCreate)
  createLink(@Payload() { ctx, data }: RpcEnvelope<typeof S.inviteLinkCreate>): Promise<RpcResult<typeof S.inviteLinkCreate>> {
    return this.invites.createLink(ctx, data);
  }

  @MessagePattern(S.inviteLinkList)
  listLinks(@Payload() { ctx, data }: RpcEnvelope<typeof S.inviteLinkList>): Promise<RpcResult<typeof S.inviteLinkList>> {
    return this.invites.listLinks(ctx, data);
  }

  @MessagePattern(S.inviteLinkGet)
  getLink(@Payload() { ctx, data }: RpcEnvelope<typeof S.inviteLinkGet>): Promise<RpcResult<typeof S.inviteLinkGet>> {
    return this.invites.getLink(ctx, data);
  }

  @MessagePattern(S.inviteLinkUpdate)
  updateLink(@Payload() { ctx, data }: RpcEnvelope<typeof S.inviteLinkUpdate>): Promise<RpcResult<typeof S.inviteLinkUpdate>> {
    return this.invites.updateLink(ctx, data);
  }

  @MessagePattern(S.inviteLinkDelete)
  async deleteLink(@Payload() { ctx, data }: RpcEnvelope<typeof S.inviteLinkDelete>): Promise<RpcResult<typeof S.inviteLinkDelete>> {
    await this.invites.deleteLink(ctx, data);
    return {};
  }

  @MessagePattern(S.inviteLinkJoin)
  async join(@Payload() { ctx, data }: RpcEnvelope<typeof S.inviteLinkJoin>): Promise<RpcResult<typeof S.inviteLinkJoin>> {
    await this.invites.joinWithInvite(ctx, data);
    return {};
  }

  @MessagePattern(S.inviteListMine)
  listMine(@Payload() { ctx, data }: RpcEnvelope<typeof S.inviteListMine>): Promise<RpcResult<typeof S.inviteListMine>> {
    return this.invites.listMine(ctx, data);
  }
}
