import {
  ContentSubjects,
  type Envelope,
  type List,
  type MemberSpace,
  type MemberSpacesListInput,
  type Space,
  type SpaceAccessInput,
  type SpaceAccessResult,
  type SpaceCreateInput,
  type SpaceListInput,
  type SpaceRef,
  type SpaceUpdateInput,
} from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SpacesService } from './spaces.service';

@Controller()
export class SpacesHandler {
  constructor(private readonly spaces: SpacesService) {}

  @MessagePattern(ContentSubjects.spaceCreate)
  create(@Payload() { ctx, data }: Envelope<SpaceCreateInput>): Promise<Space> {
    return this.spaces.create(ctx, data);
  }

  @MessagePattern(ContentSubjects.spaceGet)
  get(@Payload() { ctx, data }: Envelope<SpaceRef>): Promise<Space> {
    return this.spaces.get(ctx, data);
  }

  @MessagePattern(ContentSubjects.spaceUpdate)
  update(@Payload() { ctx, data }: Envelope<SpaceUpdateInput>): Promise<Space> {
    return this.spaces.update(ctx, data);
  }

  @MessagePattern(ContentSubjects.spaceDelete)
  async delete(@Payload() { ctx, data }: Envelope<SpaceRef>): Promise<Record<string, never>> {
    await this.spaces.delete(ctx, data);
    return {};
  }

  @MessagePattern(ContentSubjects.spaceRestore)
  restore(@Payload() { ctx, data }: Envelope<SpaceRef>): Promise<Space> {
    return this.spaces.restore(ctx, data);
  }

  @MessagePattern(ContentSubjects.spaceDuplicate)
  duplicate(@Payload() { ctx, data }: Envelope<SpaceRef>): Promise<Space> {
    return this.spaces.duplicate(ctx, data);
  }

  @MessagePattern(ContentSubjects.spaceList)
  list(@Payload() { ctx, data }: Envelope<SpaceListInput>): Promise<List<Space>> {
    return this.spaces.list(ctx, data);
  }

  @MessagePattern(ContentSubjects.spaceAccess)
  access(@Payload() { ctx, data }: Envelope<SpaceAccessInput>): Promise<SpaceAccessResult> {
    return this.spaces.accessOf(ctx, data);
  }

  @MessagePattern(ContentSubjects.memberSpaces)
  memberSpaces(@Payload() { ctx, data }: Envelope<MemberSpacesListInput>): Promise<List<MemberSpace>> {
    return this.spaces.listForMember(ctx, data);
  }
}
