import type { SpaceCounts, SpaceCountsInput } from '@bindery/contracts';
import { Injectable } from '@nestjs/common';
import { spaceCountsByRole } from '../access/space-level';
import { SpacesRepository } from '../store/spaces.repository';

/**
 * `Member.spaces` / `Team.spaces` of an organization, for identity to store: per role
 * (`spaceCountsByRole`, from the level rule). Teams hold no space grants yet.
 */
@Injectable()
export class SpaceCountsService {
  constructor(private readonly spaces: SpacesRepository) {}

  async countsOf(input: SpaceCountsInput): Promise<SpaceCounts> {
    const live = await this.spaces.countLive(input.organizationId);
    return { organizationId: input.organizationId, byRole: spaceCountsByRole(live), byTeam: {} };
  }
}
