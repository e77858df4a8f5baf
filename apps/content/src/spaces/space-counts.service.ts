import { MEMBER_ROLES, type MemberRole, type SpaceCounts, type SpaceCountsInput } from '@bindery/contracts';
import { Injectable } from '@nestjs/common';
import { reachesContent } from '../access/space-level';
import { SpacesRepository } from './spaces.repository';

/**
 * `Member.spaces` / `Team.spaces` of an organization, for identity to store. A member reaches a
 * space when `contentLevel` gives it a level; default levels only cap a role, so that depends on
 * the role alone (`reachesContent`) and the counts are per role. Teams hold no space grants yet.
 */
@Injectable()
export class SpaceCountsService {
  constructor(private readonly spaces: SpacesRepository) {}

  async countsOf(input: SpaceCountsInput): Promise<SpaceCounts> {
    const live = await this.spaces.countLive(input.organizationId);
    const byRole = Object.fromEntries(MEMBER_ROLES.map((role) => [role, reachesContent(role) ? live : 0])) as Record<MemberRole, number>;
    return { organizationId: input.organizationId, byRole, byTeam: {} };
  }
}
