import {
  type Collection,
  type CollectionCreateInput,
  type CollectionListInput,
  type CollectionMoveInput,
  type CollectionRef,
  type CollectionSpacesInput,
  type CollectionTransferInput,
  type CollectionUpdateInput,
  ContentSubjects,
  type Envelope,
  type List,
  type Space,
  type SpaceMoveInput,
  type SpaceTransferInput,
} from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CollectionsService } from './collections.service';

@Controller()
export class CollectionsHandler {
  constructor(private readonly collections: CollectionsService) {}

  @MessagePattern(ContentSubjects.collectionCreate)
  create(@Payload() { ctx, data }: Envelope<CollectionCreateInput>): Promise<Collection> {
    return this.collections.create(ctx, data);
  }

  @MessagePattern(ContentSubjects.collectionGet)
  get(@Payload() { ctx, data }: Envelope<CollectionRef>): Promise<Collection> {
    return this.collections.get(ctx, data);
  }

  @MessagePattern(ContentSubjects.collectionUpdate)
  update(@Payload() { ctx, data }: Envelope<CollectionUpdateInput>): Promise<Collection> {
    return this.collections.update(ctx, data);
  }

  @MessagePattern(ContentSubjects.collectionDelete)
  async delete(@Payload() { ctx, data }: Envelope<CollectionRef>): Promise<Record<string, never>> {
    await this.collections.delete(ctx, data);
    return {};
  }

  @MessagePattern(ContentSubjects.collectionList)
  list(@Payload() { ctx, data }: Envelope<CollectionListInput>): Promise<List<Collection>> {
    return this.collections.list(ctx, data);
  }

  @MessagePattern(ContentSubjects.collectionSpaces)
  spaces(@Payload() { ctx, data }: Envelope<CollectionSpacesInput>): Promise<List<Space>> {
    return this.collections.spacesOf(ctx, data);
  }

  @MessagePattern(ContentSubjects.collectionMove)
  move(@Payload() { ctx, data }: Envelope<CollectionMoveInput>): Promise<Collection> {
    return this.collections.move(ctx, data);
  }

  @MessagePattern(ContentSubjects.collectionTransfer)
  transfer(@Payload() { ctx, data }: Envelope<CollectionTransferInput>): Promise<Collection> {
    return this.collections.transfer(ctx, data);
  }

  @MessagePattern(ContentSubjects.spaceTransfer)
  transferSpace(@Payload() { ctx, data }: Envelope<SpaceTransferInput>): Promise<Space> {
    return this.collections.transferSpace(ctx, data);
  }

  @MessagePattern(ContentSubjects.spaceMove)
  moveSpace(@Payload() { ctx, data }: Envelope<SpaceMoveInput>): Promise<Space> {
    return this.collections.moveSpace(ctx, data);
  }
}
