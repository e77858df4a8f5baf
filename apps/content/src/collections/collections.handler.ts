import { ContentSubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CollectionsService } from './collections.service';

const S = ContentSubjects;

@Controller()
export class CollectionsHandler {
  constructor(private readonly collections: CollectionsService) {}

  @MessagePattern(S.collectionCreate)
  create(@Payload() { ctx, data }: RpcEnvelope<typeof S.collectionCreate>): Promise<RpcResult<typeof S.collectionCreate>> {
    return this.collections.create(ctx, data);
  }

  @MessagePattern(S.collectionGet)
  get(@Payload() { ctx, data }: RpcEnvelope<typeof S.collectionGet>): Promise<RpcResult<typeof S.collectionGet>> {
    return this.collections.get(ctx, data);
  }

  @MessagePattern(S.collectionUpdate)
  update(@Payload() { ctx, data }: RpcEnvelope<typeof S.collectionUpdate>): Promise<RpcResult<typeof S.collectionUpdate>> {
    return this.collections.update(ctx, data);
  }

  @MessagePattern(S.collectionDelete)
  async delete(@Payload() { ctx, data }: RpcEnvelope<typeof S.collectionDelete>): Promise<RpcResult<typeof S.collectionDelete>> {
    await this.collections.delete(ctx, data);
    return {};
  }

  @MessagePattern(S.collectionList)
  list(@Payload() { ctx, data }: RpcEnvelope<typeof S.collectionList>): Promise<RpcResult<typeof S.collectionList>> {
    return this.collections.list(ctx, data);
  }

  @MessagePattern(S.collectionSpaces)
  spaces(@Payload() { ctx, data }: RpcEnvelope<typeof S.collectionSpaces>): Promise<RpcResult<typeof S.collectionSpaces>> {
    return this.collections.spacesOf(ctx, data);
  }

  @MessagePattern(S.collectionMove)
  move(@Payload() { ctx, data }: RpcEnvelope<typeof S.collectionMove>): Promise<RpcResult<typeof S.collectionMove>> {
    return this.collections.move(ctx, data);
  }

  @MessagePattern(S.collectionTransfer)
  transfer(@Payload() { ctx, data }: RpcEnvelope<typeof S.collectionTransfer>): Promise<RpcResult<typeof S.collectionTransfer>> {
    return this.collections.transfer(ctx, data);
  }

  @MessagePattern(S.spaceTransfer)
  transferSpace(@Payload() { ctx, data }: RpcEnvelope<typeof S.spaceTransfer>): Promise<RpcResult<typeof S.spaceTransfer>> {
    return this.collections.transferSpace(ctx, data);
  }

  @MessagePattern(S.spaceMove)
  moveSpace(@Payload() { ctx, data }: RpcEnvelope<typeof S.spaceMove>): Promise<RpcResult<typeof S.spaceMove>> {
    return this.collections.moveSpace(ctx, data);
  }
}
