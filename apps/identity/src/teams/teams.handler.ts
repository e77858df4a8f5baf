import { IdentitySubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { TeamsService } from './teams.service';

const S = IdentitySubjects;

@Controller()
export class TeamsHandler {
  constructor(private readonly teams: TeamsService) {}

  @MessagePattern(S.teamList)
  list(@Payload() { ctx, data }: RpcEnvelope<typeof S.teamList>): Promise<RpcResult<typeof S.teamList>> {
    return this.teams.list(ctx, data);
  }

  @MessagePattern(S.memberTeams)
  listForMember(@Payload() { ctx, data }: RpcEnvelope<typeof S.memberTeams>): Promise<RpcResult<typeof S.memberTeams>> {
    return this.teams.listForMember(ctx, data);
  }

  @MessagePattern(S.teamCreate)
  create(@Payload() { ctx, data }: RpcEnvelope<typeof S.teamCreate>): Promise<RpcResult<typeof S.teamCreate>> {
    return this.teams.create(ctx, data);
  }

  @MessagePattern(S.teamGet)
  get(@Payload() { ctx, data }: RpcEnvelope<typeof S.teamGet>): Promise<RpcResult<typeof S.teamGet>> {
    return this.teams.get(ctx, data);
  }

  @MessagePattern(S.teamUpdate)
  update(@Payload() { ctx, data }: RpcEnvelope<typeof S.teamUpdate>): Promise<RpcResult<typeof S.teamUpdate>> {
    return this.teams.update(ctx, data);
  }

  @MessagePattern(S.teamDelete)
  async delete(@Payload() { ctx, data }: RpcEnvelope<typeof S.teamDelete>): Promise<RpcResult<typeof S.teamDelete>> {
    await this.teams.delete(ctx, data);
    return {};
  }
}
