import {
  type Envelope,
  IdentitySubjects,
  type List,
  type TeamMember,
  type TeamMemberInput,
  type TeamMemberListInput,
  type TeamMemberPutInput,
  type TeamMembersUpdateInput,
} from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { TeamMembersService } from './team-members.service';

@Controller()
export class TeamMembersHandler {
  constructor(private readonly teamMembers: TeamMembersService) {}

  @MessagePattern(IdentitySubjects.teamMemberList)
  list(@Payload() { ctx, data }: Envelope<TeamMemberListInput>): Promise<List<TeamMember>> {
    return this.teamMembers.list(ctx, data);
  }

  @MessagePattern(IdentitySubjects.teamMembersUpdate)
  async update(@Payload() { ctx, data }: Envelope<TeamMembersUpdateInput>): Promise<Record<string, never>> {
    await this.teamMembers.update(ctx, data);
    return {};
  }

  @MessagePattern(IdentitySubjects.teamMemberPut)
  async put(@Payload() { ctx, data }: Envelope<TeamMemberPutInput>): Promise<Record<string, never>> {
    await this.teamMembers.put(ctx, data);
    return {};
  }

  @MessagePattern(IdentitySubjects.teamMemberRemove)
  async remove(@Payload() { ctx, data }: Envelope<TeamMemberInput>): Promise<Record<string, never>> {
    await this.teamMembers.remove(ctx, data);
    return {};
  }
}
