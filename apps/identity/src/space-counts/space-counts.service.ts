import { ContentSubjects, type RequestContext, type SpaceCountsInput } from '@bindery/contracts';
import { newId } from '@bindery/platform';
import { ServiceClient } from '@bindery/platform/nest';
import { Injectable } from '@nestjs/common';
import { SpaceCountsRepository } from './space-counts.repository';

/**
 * Keeps `Member.spaces` / `Team.spaces`. Content alone decides who reaches a space, so on every
 * space event the organization's counts are asked of content and stored whole: recomputed, never
 * incremented, so a redelivered, duplicated or out-of-order event cannot make a count drift, and
 * one event after an outage is enough to converge.
 */
@Injectable()
export class SpaceCountsService {
  constructor(
    private readonly repository: SpaceCountsRepository,
    private readonly content: ServiceClient,
  ) {}

  async refresh(organizationId: string): Promise<void> {
    await this.repository.withOrganizationLock(organizationId, async (manager) => {
      // Asked under the lock: an answer is stored before any later one is asked for.
      const input: SpaceCountsInput = { organizationId };
      const counts = await this.content.send(ContentSubjects.organizationSpaceCounts, systemContext(), input);
      await this.repository.replace(manager, counts);
    });
  }
}

/** An event consumer acts for nobody: no caller (the subject is callerless). */
function systemContext(): RequestContext {
  return { requestId: newId(), baseUrl: '' };
}
