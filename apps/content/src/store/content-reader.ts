import type { ContentRef, RequestContext } from '@bindery/contracts';
import { notFound } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import type { SpaceAction } from '../access/space-permissions';
import type { ChangeRequestEntity } from './change-request.entity';
import { ChangeRequestsRepository } from './change-requests.repository';
import type { PageTree } from '../model/page-tree';
import { type SpaceWithLevel, SpaceAccess } from './space-access';
import { type RevisionRow, RevisionsRepository } from './revisions.repository';
import { ContentStore } from './content-store';

export const NO_CHANGE_REQUEST = 'No matching change request found';
export const NO_REVISION = 'No matching revision found';

export interface ResolvedContent extends SpaceWithLevel {
  changeRequest?: ChangeRequestEntity;
  revision: RevisionRow;
}

/** Resolves "the content" of a space or of one of its change requests to a revision and its tree. */
@Injectable()
export class ContentReader {
  constructor(
    private readonly access: SpaceAccess,
    private readonly changeRequests: ChangeRequestsRepository,
    private readonly revisions: RevisionsRepository,
    private readonly store: ContentStore,
  ) {}

  async resolve(ctx: RequestContext, ref: ContentRef, action: SpaceAction = 'view'): Promise<ResolvedContent> {
    const found = await this.access.load(ctx, ref.spaceId, action, { shareKey: ref.shareKey });
    let revisionId = found.space.revisionId;
    let changeRequest: ChangeRequestEntity | undefined;
    if (ref.changeRequestId !== undefined) {
      changeRequest = (await this.changeRequests.find(found.space.id, ref.changeRequestId)) ?? undefined;
      if (!changeRequest) throw notFound(NO_CHANGE_REQUEST);
      revisionId = changeRequest.revisionId;
    }
    const revision = await this.revisions.find(revisionId);
    if (!revision) throw new Error(`revision ${revisionId} of space ${found.space.id} is missing`);
    return { ...found, changeRequest, revision };
  }

  /**
   * As `resolve`, then any revision of the space when `revisionId` is given (the official
   * `…/revisions/{revisionId}/…` reads). Another space's revision is answered like an unknown
   * one: its existence is not disclosed.
   */
  async resolveAt(ctx: RequestContext, ref: ContentRef & { revisionId?: string }): Promise<ResolvedContent> {
    const content = await this.resolve(ctx, ref);
    if (ref.revisionId === undefined) return content;
    const named = await this.revisions.find(ref.revisionId);
    if (!named || named.spaceId !== content.space.id) throw notFound(NO_REVISION);
    return { ...content, revision: named };
  }

  /**
   * A space's current content for the reader app, without a caller: the space must be live and
   * belong to `organizationId` (the organization of the published site), else the 404 of an
   * unknown space.
   */
  async resolvePublished(organizationId: string, spaceId: string): Promise<ResolvedContent> {
    const space = await this.access.find(spaceId);
    if (space.organizationId !== organizationId) throw notFound('No matching space found');
    const revision = await this.revisions.find(space.revisionId);
    if (!revision) throw new Error(`revision ${space.revisionId} of space ${space.id} is missing`);
    return { space, level: null, revision };
  }

  /** The revision's tree as a shared read-only snapshot. */
  tree(revision: RevisionRow): Promise<PageTree> {
    return this.store.snapshot(revision.pages);
  }
}
