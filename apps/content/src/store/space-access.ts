import { type DefaultLevel, type MemberRole, type RequestContext, roleAtLeast } from '@bindery/contracts';
import { callerId, forbidden, notFound, OrganizationAccessClient } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { collectionChain, contentLevel, type OrganizationStanding, reachesContent } from '../access/space-level';
import { ACTION_ROLE, type SpaceAction } from '../access/space-permissions';
import { Clock } from '../clock/clock';
import { isPurgeable } from '../model/deletion-rules';
import type { SpaceCounters, SpaceEntity } from './space.entity';
import { SpacesRepository } from './spaces.repository';

export const NO_SPACE = 'No matching space found';

export interface SpaceWithLevel {
  space: SpaceEntity;
  /** The caller's level on the space (`contentLevel`); null when they view it only through its share link. */
  level: MemberRole | null;
}

export interface LoadOptions {
  /** A deleted (not yet purged) space is found too: get and restore. */
  includeDeleted?: boolean;
  /** Lock the row for the rest of the transaction. */
  lockWith?: EntityManager;
  /** A share key lets a non-member view a space shared by link. */
  shareKey?: string;
}

/** A space or a collection: what its level depends on. */
export interface LevelledContent {
  organizationId: string;
  defaultLevel: DefaultLevel;
  parentId: string | null;
}

/** The levels of the rows of one organization's lists, for one caller. */
export interface ListLevels {
  standing: OrganizationStanding;
  /** False: the caller reaches none of the organization's content (a guest); lists answer empty. */
  reachesAny: boolean;
  levelOf: (row: { defaultLevel: DefaultLevel; parentId: string | null }) => MemberRole | null;
}

/**
 * Finds a space and checks the caller may do `action` on it; everything else is a 404 or 403. The
 * level comes from `contentLevel` (organization role, guest rule, default levels of the space and
 * of its collections): a caller without a level gets the 404 of an unknown space.
 */
@Injectable()
export class SpaceAccess {
  constructor(
    private readonly spaces: SpacesRepository,
    private readonly organizations: OrganizationAccessClient,
    private readonly clock: Clock,
  ) {}

  async load(ctx: RequestContext, spaceId: string, action: SpaceAction, options: LoadOptions = {}): Promise<SpaceWithLevel> {
    return this.checked(ctx, await this.find(spaceId, options), action, options);
  }

  /**
   * `load` (without `lockWith`) with the space's counters read in the same statement as its row:
   * the answer of a space read. The counters of a space the caller may not see are never returned.
   */
  async loadCounted(
    ctx: RequestContext,
    spaceId: string,
    action: SpaceAction,
    options: Omit<LoadOptions, 'lockWith'> = {},
  ): Promise<SpaceWithLevel & { counters: SpaceCounters }> {
    const found = await this.spaces.findWithCounters(spaceId);
    const { space, level } = await this.checked(ctx, this.live(found?.space ?? null, options), action, options);
    return { space, level, counters: found!.counters };
  }

  private async checked(ctx: RequestContext, space: SpaceEntity, action: SpaceAction, options: LoadOptions): Promise<SpaceWithLevel> {
    // Without a caller only the share link can open the space.
    const level = ctx.caller ? await this.levelOf(ctx, space, ctx.caller.userId) : null;
    if (level === null) {
      if (action === 'view' && sharedByLink(space, options.shareKey)) return { space, level };
      throw notFound(NO_SPACE);
    }
    if (!roleAtLeast(level, ACTION_ROLE[action])) {
      throw forbidden(`This needs the "${ACTION_ROLE[action]}" level or higher on the space`);
    }
    return { space, level };
  }

  /** A live space (404 when unknown, purged, or deleted unless `includeDeleted`). */
  async find(spaceId: string, options: LoadOptions = {}): Promise<SpaceEntity> {
    const space = options.lockWith ? await this.spaces.findForUpdate(options.lockWith, spaceId) : await this.spaces.find(spaceId);
    return this.live(space, options);
  }

  /** The space when it is live (or deleted, with `includeDeleted`), else the 404 of an unknown space. */
  private live(space: SpaceEntity | null, options: LoadOptions): SpaceEntity {
    if (!space || isPurgeable(space.deletedAt, this.clock.now())) throw notFound(NO_SPACE);
    if (space.deletedAt && !options.includeDeleted) throw notFound(NO_SPACE);
    return space;
  }

  /** A user's level on a space or a collection (null: no access). */
  async levelOf(ctx: RequestContext, content: LevelledContent, userId: string): Promise<MemberRole | null> {
    const standing = await this.standingOf(ctx, content.organizationId, userId);
    return (await this.levelsFor(content, [standing]))[0];
  }

  /** The levels of some standings in the content's organization on it (null: no access). */
  async levelsFor(content: LevelledContent, standings: OrganizationStanding[]): Promise<Array<MemberRole | null>> {
    // Guests and strangers have no level whatever the collections say: no need to read them.
    if (!standings.some(reachesContent)) return standings.map(() => null);
    const defaultLevels = [content.defaultLevel, ...(await this.spaces.inheritedLevels(content.parentId))];
    return standings.map((standing) => contentLevel({ standing, defaultLevels }));
  }

  /**
   * The levels of a user (default: the caller) on the rows of the organization's lists. A
   * non-member gets `notFoundMessage` as a 404, the same answer as for an unknown organization.
   */
  async listLevels(ctx: RequestContext, organizationId: string, notFoundMessage: string, userId = callerId(ctx)): Promise<ListLevels> {
    const standing = await this.standingOf(ctx, organizationId, userId);
    if (standing === undefined) throw notFound(notFoundMessage);
    if (!reachesContent(standing)) return { standing, reachesAny: false, levelOf: () => null };
    const collections = await this.spaces.collectionLevels(organizationId);
    return {
      standing,
      reachesAny: true,
      levelOf: (row) => contentLevel({ standing, defaultLevels: [row.defaultLevel, ...collectionChain(row.parentId, collections)] }),
    };
  }
  /** A user's standing as content's level rule reads it: a role, null for a guest, undefined for a stranger. */
  private async standingOf(ctx: RequestContext, organizationId: string, userId: string): Promise<OrganizationStanding> {
    const { member, role } = await this.organizations.standing(ctx, organizationId, userId);
    return member ? role : undefined;
  }
}

/** A space shared by link is viewable by anyone holding its key (unless it went private). */
function sharedByLink(space: SpaceEntity, shareKey: string | undefined): boolean {
  return shareKey !== undefined && shareKey === space.shareKey && space.visibility !== 'private';
}
