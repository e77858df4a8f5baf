import { type MemberRole, type RequestContext, roleAtLeast } from '@bindery/contracts';
import { forbidden, notFound } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OrganizationAccess } from '../access/organization-access';
import { ACTION_ROLE, type SpaceAction } from '../access/space-permissions';
import { Clock } from '../clock/clock';
import { isPurgeable } from './deletion-rules';
import type { SpaceEntity } from './space.entity';
import { SpacesRepository } from './spaces.repository';

export const NO_SPACE = 'No matching space found';

export interface SpaceWithRole {
  space: SpaceEntity;
  role: MemberRole | null;
}

export interface LoadOptions {
  /** A deleted (not yet purged) space is found too: get and restore. */
  includeDeleted?: boolean;
  /** Lock the row for the rest of the transaction. */
  lockWith?: EntityManager;
  /** A share key lets a non-member view a space shared by link. */
  shareKey?: string;
}

/** Finds a space and checks the caller may do `action` on it; everything else is a 404 or 403. */
@Injectable()
export class SpaceAccess {
  constructor(
    private readonly spaces: SpacesRepository,
    private readonly organizations: OrganizationAccess,
    private readonly clock: Clock,
  ) {}

  async load(ctx: RequestContext, spaceId: string, action: SpaceAction, options: LoadOptions = {}): Promise<SpaceWithRole> {
    const space = options.lockWith ? await this.spaces.findForUpdate(options.lockWith, spaceId) : await this.spaces.find(spaceId);
    if (!space || isPurgeable(space.deletedAt, this.clock.now())) throw notFound(NO_SPACE);
    if (space.deletedAt && !options.includeDeleted) throw notFound(NO_SPACE);
    const role = await this.roleFor(ctx, space, action, options.shareKey);
    if (action !== 'view' && !roleAtLeast(role, ACTION_ROLE[action])) {
      throw forbidden(`This needs the "${ACTION_ROLE[action]}" role or higher on the space`);
    }
    return { space, role };
  }

  private async roleFor(ctx: RequestContext, space: SpaceEntity, action: SpaceAction, shareKey?: string): Promise<MemberRole | null> {
    const sharedByLink = action === 'view' && shareKey !== undefined && shareKey === space.shareKey && space.visibility !== 'private';
    if (!sharedByLink) return this.organizations.roleIn(ctx, space.organizationId, NO_SPACE);
    return this.organizations.roleIn(ctx, space.organizationId, NO_SPACE).catch(() => null);
  }
}
