import { ContentSubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SpacesService } from './spaces.service';

const S = ContentSubjects;

@Controller()
export class SpacesHandler {
  constructor(private readonly spaces: SpacesService) {}

  @MessagePattern(S.spaceCreate)
  create(@Payload() { ctx, data }: RpcEnvelope<typeof S.spaceCreate>): Promise<RpcResult<typeof S.spaceCreate>> {
    return this.spaces.create(ctx, data);
  }

  @MessagePattern(S.spaceGet)
  get(@Payload() { ctx, data }: RpcEnvelope<typeof S.spaceGet>): Promise<RpcResult<typeof S.spaceGet>> {
    return this.spaces.get(ctx, data);
  }

  @MessagePattern(S.spaceUpdate)
  update(@Payload() { ctx, data }: RpcEnvelope<typeof S.spaceUpdate>): Promise<RpcResult<typeof S.spaceUpdate>> {
    return this.spaces.update(ctx, data);
  }

  @MessagePattern(S.spaceDelete)
  async delete(@Payload() { ctx, data }: RpcEnvelope<typeof S.spaceDelete>): Promise<RpcResult<typeof S.spaceDelete>> {
    await this.spaces.delete(ctx, data);
    return {};
  }

  @MessagePattern(S.spaceRestore)
  restore(@Payload() { ctx, data }: RpcEnvelope<typeof S.spaceRestore>): Promise<RpcResult<typeof S.spaceRestore>> {
    return this.spaces.restore(ctx, data);
  }

  @MessagePattern(S.spaceDuplicate)
  duplicate(@Payload() { ctx, data }: RpcEnvelope<typeof S.spaceDuplicate>): Promise<RpcResult<typeof S.spaceDuplicate>> {
    return this.spaces.duplicate(ctx, data);
  }

  @MessagePattern(S.spaceList)
  list(@Payload() { ctx, data }: RpcEnvelope<typeof S.spaceList>): Promise<RpcResult<typeof S.spaceList>> {
    return this.spaces.list(ctx, data);
  }

  @MessagePattern(S.spaceAccess)
  access(@Payload() { ctx, data }: RpcEnvelope<typeof S.spaceAccess>): Promise<RpcResult<typeof S.spaceAccess>> {
    return this.spaces.accessOf(ctx, data);
  }

  @MessagePattern(S.memberSpaces)
  memberSpaces(@Payload() { ctx, data }: RpcEnvelope<typeof S.memberSpaces>): Promise<RpcResult<typeof S.memberSpaces>> {
    return this.spaces.listForMember(ctx, data);
  }
}
