import { ContentSubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { badRequest } from '@bindery/platform';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SpaceCountsService } from './space-counts.service';

const S = ContentSubjects;

@Controller()
export class SpaceCountsHandler {
  constructor(private readonly counts: SpaceCountsService) {}

  @MessagePattern(S.organizationSpaceCounts)
  countsOf(@Payload() { data }: RpcEnvelope<typeof S.organizationSpaceCounts>): Promise<RpcResult<typeof S.organizationSpaceCounts>> {
    // Callerless and internal: no gateway DTO validated it.
    if (typeof data?.organizationId !== 'string') throw badRequest('organizationId: must be a string');
    return this.counts.countsOf(data);
  }
}
