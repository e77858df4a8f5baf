import {
  type Collection,
  type CollectionCreateInput,
  type CollectionListInput,
  type CollectionMoveInput,
  type CollectionRef,
  type CollectionSpacesInput,
  type CollectionTransferInput,
  type CollectionUpdateInput,
  ContentEvents,
  type List,
  type MemberRole,
  type RequestContext,
  roleAtLeast,
  type Space,
  type SpaceEvent,
  type SpaceMoveInput,
  type SpaceTransferInput,
} from '@bindery/contracts';
import {
  addToOutbox,
  badRequest,
  callerId,
  conflict,
  forbidden,
  isAppError,
  keysetPage,
  NO_ORGANIZATION,
  newId,
  notFound,
  OrganizationAccessClient,
  toList,
} from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../clock/clock';
import { SpaceAccess } from '../store/space-access';
import { toSpace } from '../spaces/space.mapper';
import { SpacesRepository } from '../store/spaces.repository';
import type { CollectionEntity } from './collection.entity';
import { toCollection } from './collection.mapper';
import { CollectionsRepository } from './collections.repository';
import { placeAmong, positionAfter } from '../model/position';

const NO_COLLECTION = 'No matching collection found';

@Injectable()
export class CollectionsService {
  constructor(
    private readonly collections: CollectionsRepository,
    private readonly spaces: SpacesRepository,
    private readonly spaceAccess: SpaceAccess,
    private readonly organizations: OrganizationAccessClient,
    private readonly clock: Clock,
    private readonly db: DataSource,
  ) {}

  async create(ctx: RequestContext, input: CollectionCreateInput): Promise<Collection> {
    const { role } = await this.organizations.require(ctx, input.organizationId, 'content.create');
    if (input.parent != null) await this.parentIn(input.organizationId, input.parent, 'parent');
    const entity = await this.db.transaction(async (manager) => {
      const parentId = input.parent ?? null;
      const created: CollectionEntity = {
        id: newId(),
        organizationId: input.organizationId,
        title: input.title ?? '',
        description: null,
        parentId,
        defaultLevel: 'inherit',
        position: positionAfter(await this.collections.lastPosition(manager, input.organizationId, parentId)),
        createdAt: this.clock.now(),
      };
      await this.collections.insert(manager, created);
      return created;
    });
    return toCollection(entity, role, ctx.baseUrl);
  }

  async get(ctx: RequestContext, ref: CollectionRef): Promise<Collection> {
    const { collection, role } = await this.load(ctx, ref.collectionId, 'read');
    return toCollection(collection, role, ctx.baseUrl);
  }

  async update(ctx: RequestContext, input: CollectionUpdateInput): Promise<Collection> {
    const { collection, role } = await this.load(ctx, input.collectionId, 'create');
    const changes: Partial<CollectionEntity> = {};
    if (input.title !== undefined) changes.title = input.title;
    if (input.description !== undefined) changes.description = input.description;
    if (input.defaultLevel !== undefined) changes.defaultLevel = input.defaultLevel;
    await this.db.transaction((manager) => this.collections.update(manager, collection.id, changes));
    return toCollection({ ...collection, ...changes }, role, ctx.baseUrl);
  }

  /** Nested collections are deleted with it; its spaces move to the top level. Absent: no error. */
  async delete(ctx: RequestContext, ref: CollectionRef): Promise<void> {
    const found = await this.load(ctx, ref.collectionId, 'create').catch((error: unknown) => {
      if (isAppError(error, 'not_found')) return null;
      throw error;
    });
    if (found) await this.db.transaction((manager) => this.collections.delete(manager, found.collection.id));
  }

  /** The organization's collections the caller reaches (a guest: none). */
  async list(ctx: RequestContext, input: CollectionListInput): Promise<List<Collection>> {
    const levels = await this.spaceAccess.listLevels(ctx, input.organizationId, NO_ORGANIZATION);
    if (!levels.reachesAny) return { items: [], count: 0 };
    const { limit, take, after } = keysetPage(input);
    const { rows, count } = await this.collections.list(input.organizationId, input.nested !== false, take, after);
    // Members reach every collection (default levels only cap), so this keeps every row; see contentLevel.
    const reachable = withLevels(rows, levels.levelOf);
    return toList(
      reachable,
      limit,
      count,
      (r) => [r.row.createdAt.toISOString(), r.row.id],
      (r) => toCollection(r.row, r.level, ctx.baseUrl),
    );
  }

  async spacesOf(ctx: RequestContext, input: CollectionSpacesInput): Promise<List<Space>> {
    const { collection } = await this.load(ctx, input.collectionId, 'read');
    const levels = await this.spaceAccess.listLevels(ctx, collection.organizationId, NO_COLLECTION);
    const { limit, take, after } = keysetPage(input);
    const { rows, count } = await this.collections.spaces(collection.id, take, after);
    const reachable = withLevels(rows, levels.levelOf);
    const counters = await this.spaces.counters(reachable.map((r) => r.row.id));
    return toList(
      reachable,
      limit,
      count,
      (r) => [r.row.position, r.row.id],
      (r) => toSpace(r.row, counters.get(r.row.id)!, r.level, ctx.baseUrl),
    );
  }

  /**
   * Re-parents a collection and/or puts it before or after a sibling collection; a collection never
   * ends up inside itself or its descendants.
   */
  async move(ctx: RequestContext, input: CollectionMoveInput): Promise<Collection> {
    const { collection, role } = await this.load(ctx, input.collectionId, 'create');
    const parent = input.parent === undefined ? collection.parentId : input.parent;
    return this.db.transaction(async (manager) => {
      if (parent !== null) {
        await this.parentIn(collection.organizationId, parent, 'parent');
        if ((await this.collections.ancestry(manager, parent)).includes(collection.id)) {
          throw badRequest('parent: a collection cannot move into itself or one of its nested collections');
        }
      }
      const siblings = await this.collections.siblings(manager, 'collections', collection.organizationId, parent);
      const placed = placeAmong(siblings, collection.id, input.position);
      if (!placed) throw badRequest('position: the collection to move next to is not in the target collection');
      if (parent === collection.parentId && !input.position) throw conflict('The move would not change anything');
      await this.collections.update(manager, collection.id, { parentId: parent });
      await this.collections.writePositions(manager, 'collections', placed);
      return toCollection({ ...collection, parentId: parent }, role, ctx.baseUrl);
    });
  }

  /** Moves a space into a collection (or the top level) and before or after a sibling space. */
  async moveSpace(ctx: RequestContext, input: SpaceMoveInput): Promise<Space> {
    const { space } = await this.spaceAccess.load(ctx, input.spaceId, 'admin');
    const parent = input.parent === undefined ? space.parentId : input.parent;
    if (parent !== null) await this.parentIn(space.organizationId, parent, 'parent');
    const moved = await this.db.transaction(async (manager) => {
      const siblings = await this.collections.siblings(manager, 'spaces', space.organizationId, parent);
      const placed = placeAmong(siblings, space.id, input.position);
      if (!placed) throw badRequest('position: the space to move next to is not in the target collection');
      if (parent === space.parentId && !input.position) throw conflict('The move would not change anything');
      const changes = { parentId: parent, updatedAt: this.clock.now() };
      await this.spaces.update(manager, space.id, changes);
      await this.collections.writePositions(manager, 'spaces', placed);
      await this.publishMoved(manager, space.id, space.organizationId);
      return { ...space, ...changes };
    });
    const counters = await this.spaces.counters([moved.id]);
    // Under a new collection the space may inherit another default level.
    const level = await this.spaceAccess.levelOf(ctx, moved, callerId(ctx));
    return toSpace(moved, counters.get(moved.id)!, level, ctx.baseUrl);
  }

  /** Moves a space to another organization the caller administers (as well as the current one). */
  async transferSpace(ctx: RequestContext, input: SpaceTransferInput): Promise<Space> {
    const { space } = await this.spaceAccess.load(ctx, input.spaceId, 'admin');
    await this.organizations.require(ctx, space.organizationId, 'content.admin');
    if (input.organization === space.organizationId) throw conflict('organization: the space already belongs to this organization');
    const { role } = await this.organizations.require(ctx, input.organization, 'content.admin', 'organization');
    const now = this.clock.now();
    await this.db.transaction(async (manager) => {
      await this.collections.transferSpace(manager, space.id, input.organization);
      await this.spaces.update(manager, space.id, { updatedAt: now });
      await addToOutbox(manager, ContentEvents.spaceTransferred, {
        spaceId: space.id,
        organizationId: input.organization,
        from: space.organizationId,
        at: now.toISOString(),
      });
    });
    const moved = { ...space, organizationId: input.organization, parentId: null, updatedAt: now };
    const counters = await this.spaces.counters([space.id]);
    return toSpace(moved, counters.get(space.id)!, role, ctx.baseUrl);
  }

  /** Moves a collection with everything in it to another organization the caller administers. */
  async transfer(ctx: RequestContext, input: CollectionTransferInput): Promise<Collection> {
    const { collection } = await this.load(ctx, input.collectionId, 'admin');
    if (input.organization === collection.organizationId)
      throw conflict('organization: the collection already belongs to this organization');
    const { role } = await this.organizations.require(ctx, input.organization, 'content.admin', 'organization');
    await this.db.transaction(async (manager) => {
      const spaceIds = await this.collections.transfer(manager, collection.id, input.organization);
      // Each space changed organization as a single-space transfer does: consumers (space counts) hear of it.
      const at = this.clock.now().toISOString();
      for (const spaceId of spaceIds) {
        await addToOutbox(manager, ContentEvents.spaceTransferred, {
          spaceId,
          organizationId: input.organization,
          from: collection.organizationId,
          at,
        });
      }
    });
    return toCollection({ ...collection, organizationId: input.organization, parentId: null }, role, ctx.baseUrl);
  }

  /**
   * The collection and the caller's level on it (`contentLevel`, as for a space): 404 without a
   * level (strangers, guests), 403 below `minimum`.
   */
  private async load(ctx: RequestContext, id: string, minimum: MemberRole): Promise<{ collection: CollectionEntity; role: MemberRole }> {
    const collection = await this.collections.find(id);
    if (!collection) throw notFound(NO_COLLECTION);
    const role = await this.spaceAccess.levelOf(ctx, collection, callerId(ctx));
    if (role === null) throw notFound(NO_COLLECTION);
    if (!roleAtLeast(role, minimum)) throw forbidden(`This needs the "${minimum}" level or higher on the collection`);
    return { collection, role };
  }

  /** A parent collection must exist in the same organization; anything else is a 404 naming the field. */
  private async parentIn(organizationId: string, parentId: string, field: string): Promise<CollectionEntity> {
    const parent = await this.collections.find(parentId);
    if (!parent || parent.organizationId !== organizationId) throw notFound(`${field}: ${NO_COLLECTION}`);
    return parent;
  }

  private publishMoved(manager: EntityManager, spaceId: string, organizationId: string): Promise<void> {
    const event: SpaceEvent = { spaceId, organizationId, at: this.clock.now().toISOString() };
    return addToOutbox(manager, ContentEvents.spaceMoved, event);
  }
}

/** Rows with the caller's level on each; a row without a level is left out (never shown). */
function withLevels<Row>(rows: Row[], levelOf: (row: Row) => MemberRole | null): Array<{ row: Row; level: MemberRole }> {
  return rows.flatMap((row) => {
    const level = levelOf(row);
    return level === null ? [] : [{ row, level }];
  });
}
