import {
  type Envelope,
  IdentitySubjects,
  type List,
  type MemberTeam,
  type MemberTeamsInput,
  type Team,
  type TeamCreateInput,
  type TeamInput,
  type TeamListInput,
  type TeamUpdateInput,
} from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { TeamsService } from './teams.service';

@Controller()
export class TeamsHandler {
  constructor(private readonly teams: TeamsService) {}

  @MessagePattern(IdentitySubjects.teamList)
  list(@Payload() { ctx, data }: Envelope<TeamListInput>): Promise<List<Team>> {
    return this.teams.list(ctx, data);
  }

  @MessagePattern(IdentitySubjects.memberTeams)
  listForMember(@Payload() { ctx, data }: Envelope<MemberTeamsInput>): Promise<List<MemberTeam>> {
    return this.teams.listForMember(ctx, data);
  }

  @MessagePattern(IdentitySubjects.teamCreate)
  create(@Payload() { ctx, data }: Envelope<TeamCreateInput>): Promise<Team> {
    return this.teams.create(ctx, data);
  }

  @MessagePattern(IdentitySubjects.teamGet)
  get(@Payload() { ctx, data }: Envelope<TeamInput>): Promise<Team> {
    return this.teams.get(ctx, data);
  }

  @MessagePattern(IdentitySubjects.teamUpdate)
  update(@Payload() { ctx, data }: Envelope<TeamUpdateInput>): Promise<Team> {
    return this.teams.update(ctx, data);
  }

  @MessagePattern(IdentitySubjects.teamDelete)
  async delete(@Payload() { ctx, data }: Envelope<TeamInput>): Promise<Record<string, never>> {
    await this.teams.delete(ctx, data);
    return {};
  }
}
