import {
  type ChangeRequest,
  type ChangeRequestCreateInput,
  type ChangeRequestListInput,
  type ChangeRequestOrgListInput,
  type ChangeRequestRef,
  type ChangeRequestUpdateInput,
  type List,
  type RequestContext,
  type User,
} from '@bindery/contracts';
import { badRequest, keysetPage, NO_ORGANIZATION, newId, notFound, toList, CurrentUsers } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../clock/clock';
import { NO_CHANGE_REQUEST } from '../store/content-reader';
import { SpaceAccess } from '../store/space-access';
import { type JudgedSpace, RememberedSpaces } from '../store/remembered-spaces';
import type { SpaceEntity } from '../store/space.entity';
import type { ChangeRequestEntity } from '../store/change-request.entity';
import { toChangeRequest } from './change-request.mapper';
import { ChangeRequestsRepository } from '../store/change-requests.repository';

@Injectable()
export class ChangeRequestsService {
  constructor(
    private readonly changeRequests: ChangeRequestsRepository,
    private readonly access: SpaceAccess,
    private readonly currentUsers: CurrentUsers,
    private readonly clock: Clock,
    private readonly db: DataSource,
    private readonly spaces: RememberedSpaces,
  ) {}

  /**
   * A new open change request on the space's current revision, numbered in turn (`insertNumbered`).
   * When a write of this process loaded the space lately, the caller's level is judged on that row
   * and the insert reads no space first (`insertNumberedAsJudged`: it applies only while the space
   * is still as judged, else the space is loaded and the open is made as before).
   */
  async create(ctx: RequestContext, input: ChangeRequestCreateInput): Promise<ChangeRequest> {
    // The caller asked beside the space's read (identity, when not known yet): one wait instead of two.
    const caller = this.currentUsers.of(ctx);
    // Awaited after the access check: a failure of it is answered only if the check passed.
    caller.catch(() => undefined);
    const judged = await this.spaces.judged(ctx, input.spaceId, 'edit');
    const opened = judged && (await this.openAsJudged(judged, input, await caller));
    if (opened) return toChangeRequest(opened, opened.revisionId, ctx.baseUrl);
    const { space } = await this.access.load(ctx, input.spaceId, 'edit');
    // Its first edit, likely soon, starts from it without reading it again (`RememberedSpaces`).
    this.spaces.remember(space);
    const unnumbered = this.newChangeRequest(space, input, await caller);
    const cr: ChangeRequestEntity = { ...unnumbered, number: await this.changeRequests.insertNumbered(unnumbered) };
    // Its first edit, likely soon, starts from it without reading it back (`lastWritten`).
    this.changeRequests.rememberWritten(cr);
    return toChangeRequest(cr, space.revisionId, ctx.baseUrl);
  }

  /** The open without reading the space (see `create`); null when the space is no longer as judged. */
  private async openAsJudged(judged: JudgedSpace, input: ChangeRequestCreateInput, createdBy: User): Promise<ChangeRequestEntity | null> {
    const unnumbered = this.newChangeRequest({ ...judged, revisionId: '' }, input, createdBy);
    const inserted = await this.changeRequests.insertNumberedAsJudged(unnumbered, judged);
    if (!inserted) {
      // The space changed since it was remembered: `create` loads it next (and remembers it again if it may).
      this.spaces.forget(judged.id);
      return null;
    }
    const cr: ChangeRequestEntity = {
      ...unnumbered,
      number: inserted.number,
      revisionId: inserted.revisionId,
      revisionInitial: inserted.revisionId,
    };
    this.changeRequests.rememberWritten(cr);
    return cr;
  }

  /** The row of a new open change request on the space's revision, before its number. */
  private newChangeRequest(
    space: Pick<SpaceEntity, 'id' | 'organizationId' | 'revisionId'>,
    input: ChangeRequestCreateInput,
    createdBy: User,
  ): Omit<ChangeRequestEntity, 'number'> {
    const now = this.clock.now();
    return {
      id: newId(),
      spaceId: space.id,
      organizationId: space.organizationId,
      status: 'open',
      subject: input.subject ?? '',
      description: null,
      createdBy,
      contributors: [createdBy.id],
      revisionId: space.revisionId,
      revisionInitial: space.revisionId,
      revisionMergedAncestor: null,
      revisionMerged: null,
      mergedBy: null,
      mergedAt: null,
      createdAt: now,
      updatedAt: now,
    };
  }

  async get(ctx: RequestContext, ref: ChangeRequestRef): Promise<ChangeRequest> {
    const { space } = await this.access.load(ctx, ref.spaceId, 'view');
    const cr = await this.changeRequests.find(space.id, ref.changeRequestId);
    if (!cr) throw notFound(NO_CHANGE_REQUEST);
    return toChangeRequest(cr, space.revisionId, ctx.baseUrl);
  }

  async list(ctx: RequestContext, input: ChangeRequestListInput): Promise<List<ChangeRequest>> {
    const { space } = await this.access.load(ctx, input.spaceId, 'view');
    return this.page(ctx, { spaceId: space.id }, input);
  }

  /**
   * Change requests of every space the caller reaches. A member reaches every space (default
   * levels only cap a level), a guest none: their list is empty (see `contentLevel`).
   */
  async listForOrganization(ctx: RequestContext, input: ChangeRequestOrgListInput): Promise<List<ChangeRequest>> {
    const levels = await this.access.listLevels(ctx, input.organizationId, NO_ORGANIZATION);
    if (!levels.reachesAny) return { items: [], count: 0 };
    return this.page(ctx, { organizationId: input.organizationId }, input);
  }

  /** Subject, description and status; a merged change request keeps its status. */
  async update(ctx: RequestContext, input: ChangeRequestUpdateInput): Promise<ChangeRequest> {
    const { space } = await this.access.load(ctx, input.spaceId, 'edit');
    const cr = await this.db.transaction(async (manager) => {
      const found = await this.changeRequests.find(space.id, input.changeRequestId, manager, true);
      if (!found) throw notFound(NO_CHANGE_REQUEST);
      if (input.status !== undefined && input.status !== found.status) {
        if (found.status === 'merged') throw badRequest('status: a merged change request cannot change status');
        if (input.status === 'merged') throw badRequest('status: a change request becomes merged only by merging it');
      }
      const changes: Partial<ChangeRequestEntity> = { updatedAt: this.clock.now() };
      if (input.subject !== undefined) changes.subject = input.subject;
      if (input.description !== undefined) changes.description = input.description;
      if (input.status !== undefined) changes.status = input.status;
      await this.changeRequests.update(manager, found.id, changes);
      return { ...found, ...changes };
    });
    return toChangeRequest(cr, space.revisionId, ctx.baseUrl);
  }

  private async page(
    ctx: RequestContext,
    scope: { spaceId: string } | { organizationId: string },
    input: ChangeRequestListInput | ChangeRequestOrgListInput,
  ) {
    const { limit, take, after } = keysetPage(input);
    const { rows, count } = await this.changeRequests.list(scope, input, take, after);
    return toList(
      rows,
      limit,
      count,
      (r) => [r.changeRequest.createdAt.toISOString(), r.changeRequest.id],
      (r) => toChangeRequest(r.changeRequest, r.spaceRevision, ctx.baseUrl),
    );
  }
}
