import { ContentSubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ChangeRequestEditsService } from './change-request-edits.service';
import { ChangeRequestsService } from './change-requests.service';
import { MergeService } from './merge.service';

const S = ContentSubjects;

@Controller()
export class ChangeRequestsHandler {
  constructor(
    private readonly changeRequests: ChangeRequestsService,
    private readonly edits: ChangeRequestEditsService,
    private readonly merges: MergeService,
  ) {}

  @MessagePattern(S.changeRequestCreate)
  create(@Payload() { ctx, data }: RpcEnvelope<typeof S.changeRequestCreate>): Promise<RpcResult<typeof S.changeRequestCreate>> {
    return this.changeRequests.create(ctx, data);
  }

  @MessagePattern(S.changeRequestGet)
  get(@Payload() { ctx, data }: RpcEnvelope<typeof S.changeRequestGet>): Promise<RpcResult<typeof S.changeRequestGet>> {
    return this.changeRequests.get(ctx, data);
  }

  @MessagePattern(S.changeRequestList)
  list(@Payload() { ctx, data }: RpcEnvelope<typeof S.changeRequestList>): Promise<RpcResult<typeof S.changeRequestList>> {
    return this.changeRequests.list(ctx, data);
  }

  @MessagePattern(S.changeRequestListForOrg)
  listForOrganization(
    @Payload() { ctx, data }: RpcEnvelope<typeof S.changeRequestListForOrg>,
  ): Promise<RpcResult<typeof S.changeRequestListForOrg>> {
    return this.changeRequests.listForOrganization(ctx, data);
  }

  @MessagePattern(S.changeRequestUpdate)
  update(@Payload() { ctx, data }: RpcEnvelope<typeof S.changeRequestUpdate>): Promise<RpcResult<typeof S.changeRequestUpdate>> {
    return this.changeRequests.update(ctx, data);
  }

  @MessagePattern(S.changeRequestEditContent)
  editContent(
    @Payload() { ctx, data }: RpcEnvelope<typeof S.changeRequestEditContent>,
  ): Promise<RpcResult<typeof S.changeRequestEditContent>> {
    return this.edits.edit(ctx, data);
  }

  @MessagePattern(S.changeRequestMerge)
  merge(@Payload() { ctx, data }: RpcEnvelope<typeof S.changeRequestMerge>): Promise<RpcResult<typeof S.changeRequestMerge>> {
    return this.merges.merge(ctx, data);
  }

  @MessagePattern(S.changeRequestPull)
  pull(@Payload() { ctx, data }: RpcEnvelope<typeof S.changeRequestPull>): Promise<RpcResult<typeof S.changeRequestPull>> {
    return this.merges.pull(ctx, data);
  }
}
