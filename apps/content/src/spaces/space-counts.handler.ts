import { type Envelope, type SpaceCounts, type SpaceCountsInput, SpaceCountSubjects } from '@bindery/contracts';
import { badRequest } from '@bindery/platform';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SpaceCountsService } from './space-counts.service';

@Controller()
export class SpaceCountsHandler {
  constructor(private readonly counts: SpaceCountsService) {}

  @MessagePattern(SpaceCountSubjects.organizationSpaceCounts)
  countsOf(@Payload() { data }: Envelope<SpaceCountsInput>): Promise<SpaceCounts> {
    // Callerless and internal: no gateway DTO validated it.
    if (typeof data?.organizationId !== 'string') throw badRequest('organizationId: must be a string');
    return this.counts.countsOf(data);
  }
}
