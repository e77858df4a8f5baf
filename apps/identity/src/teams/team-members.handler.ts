import { IdentitySubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { TeamMembersService } from './team-members.service';

const S = IdentitySubjects;

@Controller()
export class TeamMembersHandler {
  constructor(private readonly teamMembers: TeamMembersService) {}

  @MessagePattern(S.teamMemberList)
  list(@Payload() { ctx, data }: RpcEnvelope<typeof S.teamMemberList>): Promise<RpcResult<typeof S.teamMemberList>> {
    return this.teamMembers.list(ctx, data);
  }

  @MessagePattern(S.teamMembersUpdate)
  async update(@Payload() { ctx, data }: RpcEnvelope<typeof S.teamMembersUpdate>): Promise<RpcResult<typeof S.teamMembersUpdate>> {
    await this.teamMembers.update(ctx, data);
    return {};
  }

  @MessagePattern(S.teamMemberPut)
  async put(@Payload() { ctx, data }: RpcEnvelope<typeof S.teamMemberPut>): Promise<RpcResult<typeof S.teamMemberPut>> {
    await this.teamMembers.put(ctx, data);
    return {};
  }

  @MessagePattern(S.teamMemberRemove)
  async remove(@Payload() { ctx, data }: RpcEnvelope<typeof S.teamMemberRemove>): Promise<RpcResult<typeof S.teamMemberRemove>> {
    await this.teamMembers.remove(ctx, data);
    return {};
  }
}
