import {
  type ChangeRequest,
  type ChangeRequestContentUpdate,
  type ChangeRequestCreateInput,
  type ChangeRequestEditInput,
  type ChangeRequestListInput,
  type ChangeRequestOrgListInput,
  type ChangeRequestRef,
  type ChangeRequestUpdateInput,
  ContentSubjects,
  type Envelope,
  type List,
  type MergeResult,
} from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ChangeRequestEditsService } from './change-request-edits.service';
import { ChangeRequestsService } from './change-requests.service';
import { MergeService } from './merge.service';

@Controller()
export class ChangeRequestsHandler {
  constructor(
    private readonly changeRequests: ChangeRequestsService,
    private readonly edits: ChangeRequestEditsService,
    private readonly merges: MergeService,
  ) {}

  @MessagePattern(ContentSubjects.changeRequestCreate)
  create(@Payload() { ctx, data }: Envelope<ChangeRequestCreateInput>): Promise<ChangeRequest> {
    return this.changeRequests.create(ctx, data);
  }

  @MessagePattern(ContentSubjects.changeRequestGet)
  get(@Payload() { ctx, data }: Envelope<ChangeRequestRef>): Promise<ChangeRequest> {
    return this.changeRequests.get(ctx, data);
  }

  @MessagePattern(ContentSubjects.changeRequestList)
  list(@Payload() { ctx, data }: Envelope<ChangeRequestListInput>): Promise<List<ChangeRequest>> {
    return this.changeRequests.list(ctx, data);
  }

  @MessagePattern(ContentSubjects.changeRequestListForOrg)
  listForOrganization(@Payload() { ctx, data }: Envelope<ChangeRequestOrgListInput>): Promise<List<ChangeRequest>> {
    return this.changeRequests.listForOrganization(ctx, data);
  }

  @MessagePattern(ContentSubjects.changeRequestUpdate)
  update(@Payload() { ctx, data }: Envelope<ChangeRequestUpdateInput>): Promise<ChangeRequest> {
    return this.changeRequests.update(ctx, data);
  }

  @MessagePattern(ContentSubjects.changeRequestEditContent)
  editContent(@Payload() { ctx, data }: Envelope<ChangeRequestEditInput>): Promise<ChangeRequest | ChangeRequestContentUpdate> {
    return this.edits.edit(ctx, data);
  }

  @MessagePattern(ContentSubjects.changeRequestMerge)
  merge(@Payload() { ctx, data }: Envelope<ChangeRequestRef>): Promise<MergeResult> {
    return this.merges.merge(ctx, data);
  }

  @MessagePattern(ContentSubjects.changeRequestPull)
  pull(@Payload() { ctx, data }: Envelope<ChangeRequestRef>): Promise<MergeResult> {
    return this.merges.pull(ctx, data);
  }
}
