import {
  ContentEvents,
  type List,
  type MemberRole,
  type MemberSpace,
  type MemberSpacesListInput,
  type RequestContext,
  type Space,
  type SpaceAccessInput,
  type SpaceAccessResult,
  type SpaceCreateInput,
  type SpaceEvent,
  type SpaceListInput,
  type SpaceRef,
  type SpaceUpdateInput,
} from '@bindery/contracts';
import {
  addToOutbox,
  badRequest,
  callerId,
  isAppError,
  keysetPage,
  NO_ORGANIZATION,
  newId,
  notFound,
  OrganizationAccessClient,
  randomBase62,
  toList,
} from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { spacePermissions } from '../access/space-permissions';
import { Clock } from '../clock/clock';
import { positionAfter } from '../model/position';
import { type RevisionRow, RevisionsRepository } from '../store/revisions.repository';
import { isPurgeable } from '../model/deletion-rules';
import { type ListLevels, NO_SPACE, SpaceAccess } from '../store/space-access';
import type { SpaceEntity } from '../store/space.entity';
import { toSpace } from './space.mapper';
import { SpacesRepository } from '../store/spaces.repository';
import { enqueueSearchIndex } from '../store/search-index-queue';

@Injectable()
export class SpacesService {
  constructor(
    private readonly spaces: SpacesRepository,
    private readonly revisions: RevisionsRepository,
    private readonly access: SpaceAccess,
    private readonly organizations: OrganizationAccessClient,
    private readonly clock: Clock,
    private readonly db: DataSource,
  ) {}

  /** A new space with an empty first revision; needs the `create` role. */
  async create(ctx: RequestContext, input: SpaceCreateInput): Promise<Space> {
    const { role } = await this.organizations.require(ctx, input.organizationId, 'content.create');
    if (input.parent !== undefined && !(await this.spaces.collectionExists(input.organizationId, input.parent))) {
      throw notFound('parent: No matching collection found');
    }
    const space = await this.db.transaction(async (manager) => {
      const now = this.clock.now();
      const id = newId();
      const revisionId = newId();
      const entity: SpaceEntity = {
        id,
        organizationId: input.organizationId,
        title: input.title ?? '',
        emoji: input.emoji ?? '',
        visibility: 'private',
        editMode: input.editMode ?? 'live',
        mergeRules: { type: 'inherit' },
        defaultLevel: 'inherit',
        language: input.language ?? null,
        parentId: input.parent ?? null,
        position: positionAfter(await this.spaces.lastPosition(manager, input.organizationId, input.parent ?? null)),
        revisionId,
        shareKey: randomBase62(24),
        createdAt: now,
        updatedAt: now,
        deletedAt: null,
      };
      await this.insertWithFirstRevision(manager, entity, { pages: [], files: [], reusableContents: [] });
      return entity;
    });
    // `create` and above are never capped by default levels: the role is the level.
    return this.toWire(space, role, ctx);
  }

  async get(ctx: RequestContext, ref: SpaceRef): Promise<Space> {
    // The row and its counters in one statement (a space read is one of the most frequent requests).
    const { space, level, counters } = await this.access.loadCounted(ctx, ref.spaceId, 'view', {
      includeDeleted: true,
      shareKey: ref.shareKey,
    });
    return toSpace(space, counters, level, ctx.baseUrl);
  }

  async update(ctx: RequestContext, input: SpaceUpdateInput): Promise<Space> {
    const { space } = await this.access.load(ctx, input.spaceId, 'admin');
    const changes: Partial<SpaceEntity> = { updatedAt: this.clock.now() };
    if (input.title !== undefined) changes.title = input.title;
    if (input.emoji !== undefined) changes.emoji = input.emoji;
    if (input.editMode !== undefined) changes.editMode = input.editMode;
    if (input.defaultLevel !== undefined) changes.defaultLevel = input.defaultLevel;
    if (input.language !== undefined) changes.language = input.language;
    if (input.mergeRules !== undefined) changes.mergeRules = input.mergeRules;
    await this.db.transaction(async (manager) => {
      await this.spaces.update(manager, space.id, changes);
      // Another language is another text search configuration: the space is indexed again.
      if (changes.language !== undefined && changes.language !== space.language) {
        await enqueueSearchIndex(manager, { id: space.id, revisionId: space.revisionId, language: changes.language });
      }
      await this.publish(manager, ContentEvents.spaceUpdated, space);
    });
    // The new default level may change the caller's own level: computed again, not carried over.
    const updated = { ...space, ...changes };
    return this.toWire(updated, await this.access.levelOf(ctx, updated, callerId(ctx)), ctx);
  }

  /** Soft delete: restorable for 7 days, then purged. Deleting an absent space is not an error. */
  async delete(ctx: RequestContext, ref: SpaceRef): Promise<void> {
    const found = await this.access.load(ctx, ref.spaceId, 'admin').catch((error: unknown) => {
      if (isAppError(error, 'not_found')) return null;
      throw error;
    });
    if (!found) return;
    await this.db.transaction(async (manager) => {
      const now = this.clock.now();
      await this.spaces.update(manager, found.space.id, { deletedAt: now, updatedAt: now });
      await this.publish(manager, ContentEvents.spaceDeleted, found.space);
    });
  }

  async restore(ctx: RequestContext, ref: SpaceRef): Promise<Space> {
    const { space, level } = await this.access.load(ctx, ref.spaceId, 'admin', { includeDeleted: true });
    if (!space.deletedAt) throw badRequest('spaceId: the space is not deleted');
    if (isPurgeable(space.deletedAt, this.clock.now())) throw notFound(NO_SPACE);
    const restored = { ...space, deletedAt: null, updatedAt: this.clock.now() };
    await this.db.transaction(async (manager) => {
      await this.spaces.update(manager, space.id, { deletedAt: null, updatedAt: restored.updatedAt });
      await this.publish(manager, ContentEvents.spaceRestored, space);
    });
    return this.toWire(restored, level, ctx);
  }

  /**
   * A copy of the space with its content. The copy's first revision points at the same stored
   * page nodes, so duplicating costs one row whatever the size of the space.
   */
  async duplicate(ctx: RequestContext, ref: SpaceRef): Promise<Space> {
    const { space } = await this.access.load(ctx, ref.spaceId, 'view');
    await this.organizations.require(ctx, space.organizationId, 'content.create');
    const source = await this.revisions.find(space.revisionId);
    const copy = await this.db.transaction(async (manager) => {
      const now = this.clock.now();
      const entity: SpaceEntity = {
        ...space,
        id: newId(),
        title: `${space.title} (copy)`.slice(0, 50),
        revisionId: newId(),
        position: positionAfter(await this.spaces.lastPosition(manager, space.organizationId, space.parentId)),
        shareKey: randomBase62(24),
        createdAt: now,
        updatedAt: now,
        deletedAt: null,
      };
      await this.insertWithFirstRevision(manager, entity, {
        pages: source?.pages ?? [],
        files: source?.files ?? [],
        reusableContents: source?.reusableContents ?? [],
      });
      await enqueueSearchIndex(manager, entity);
      return entity;
    });
    return this.toWire(copy, await this.access.levelOf(ctx, copy, callerId(ctx)), ctx);
  }

  /** A new space row, its first revision (with the given content) and `content.space.created`, in one transaction. */
  private async insertWithFirstRevision(
    manager: EntityManager,
    entity: SpaceEntity,
    content: Pick<RevisionRow, 'pages' | 'files' | 'reusableContents'>,
  ): Promise<void> {
    await this.spaces.insert(manager, entity);
    await this.revisions.insert(manager, {
      id: entity.revisionId,
      spaceId: entity.id,
      parents: [],
      ...content,
      type: 'edits',
      mergedFrom: null,
    });
    await this.publish(manager, ContentEvents.spaceCreated, entity);
  }

  /** A user's (default: the caller's) level and permissions on a live space, for other contexts. */
  async accessOf(ctx: RequestContext, input: SpaceAccessInput): Promise<SpaceAccessResult> {
    const space = await this.access.find(input.spaceId);
    const userId = input.userId ?? callerId(ctx);
    const level = await this.access.levelOf(ctx, space, userId);
    return { space: space.id, organization: space.organizationId, user: userId, level, permissions: spacePermissions(level) };
  }

  /** Live spaces of an organization the caller reaches, with their permissions. */
  async list(ctx: RequestContext, input: SpaceListInput): Promise<List<Space>> {
    const levels = await this.access.listLevels(ctx, input.organizationId, NO_ORGANIZATION);
    const page = await this.reachablePage(ctx, levels, input);
    return { ...page, items: page.items.map(({ space }) => space) };
  }

  /**
   * The spaces a member reaches, each with the member's level on it (`listSpacesForOrganizationMember`,
   * asked by identity, which has checked the caller may look at this member).
   */
  async listForMember(ctx: RequestContext, input: MemberSpacesListInput): Promise<List<MemberSpace>> {
    const levels = await this.access.listLevels(ctx, input.organizationId, `No member ${input.userId} in this organization`, input.userId);
    const page = await this.reachablePage(ctx, levels, input);
    return { ...page, items: page.items.map(({ space, level }) => ({ permission: level, space })) };
  }

  /** One page of the organization's live spaces with their levels for `levels`' user; a guest's is empty. */
  private async reachablePage(
    ctx: RequestContext,
    levels: ListLevels,
    input: SpaceListInput,
  ): Promise<List<{ space: Space; level: MemberRole }>> {
    if (!levels.reachesAny) return { items: [], count: 0 };
    const { limit, take, after } = keysetPage(input);
    const { rows, count } = await this.spaces.listByOrganization(input.organizationId, take, after);
    // A member has a level on every space (default levels only cap it), so the filter keeps every
    // row and the count stays exact; it is there so that a row without a level can never be shown.
    const reachable = rows.flatMap((space) => {
      const level = levels.levelOf(space);
      return level === null ? [] : [{ space, level }];
    });
    const counters = await this.spaces.counters(reachable.map((r) => r.space.id));
    return toList(
      reachable,
      limit,
      count,
      (r) => [r.space.createdAt.toISOString(), r.space.id],
      (r) => ({ space: toSpace(r.space, counters.get(r.space.id)!, r.level, ctx.baseUrl), level: r.level }),
    );
  }

  private async toWire(space: SpaceEntity, level: MemberRole | null, ctx: RequestContext): Promise<Space> {
    const counters = await this.spaces.counters([space.id]);
    return toSpace(space, counters.get(space.id)!, level, ctx.baseUrl);
  }

  private publish(manager: EntityManager, type: string, space: SpaceEntity): Promise<void> {
    const event: SpaceEvent = { spaceId: space.id, organizationId: space.organizationId, at: this.clock.now().toISOString() };
    return addToOutbox(manager, type, event);
  }
}
