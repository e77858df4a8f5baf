import { IdentitySubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MembersService } from './members.service';

const S = IdentitySubjects;

@Controller()
export class MembersHandler {
  constructor(private readonly members: MembersService) {}

  @MessagePattern(S.memberList)
  list(@Payload() { ctx, data }: RpcEnvelope<typeof S.memberList>): Promise<RpcResult<typeof S.memberList>> {
    return this.members.list(ctx, data);
  }

  @MessagePattern(S.memberGet)
  get(@Payload() { ctx, data }: RpcEnvelope<typeof S.memberGet>): Promise<RpcResult<typeof S.memberGet>> {
    return this.members.get(ctx, data);
  }

  @MessagePattern(S.memberUpdate)
  update(@Payload() { ctx, data }: RpcEnvelope<typeof S.memberUpdate>): Promise<RpcResult<typeof S.memberUpdate>> {
    return this.members.update(ctx, data);
  }

  @MessagePattern(S.memberRemove)
  async remove(@Payload() { ctx, data }: RpcEnvelope<typeof S.memberRemove>): Promise<RpcResult<typeof S.memberRemove>> {
    await this.members.remove(ctx, data);
    return {};
  }

  @MessagePattern(S.memberSetSso)
  setSso(@Payload() { ctx, data }: RpcEnvelope<typeof S.memberSetSso>): Promise<RpcResult<typeof S.memberSetSso>> {
    return this.members.setSso(ctx, data);
  }

  @MessagePattern(S.memberPing)
  ping(@Payload() { ctx, data }: RpcEnvelope<typeof S.memberPing>): Promise<RpcResult<typeof S.memberPing>> {
    return this.members.ping(ctx, data.organizationId);
  }
}
