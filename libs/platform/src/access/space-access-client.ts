import { ContentSubjects, type MemberRole, type RequestContext, type SpaceAccessInput, type SpaceAccessResult } from '@bindery/contracts';
import { forbidden, notFound } from '../errors/app-error';
import type { ServiceClient } from '../nest/service-client';

/** What a service may ask to do in a space; each is one of the `permissions` content computes. */
export type SpaceAccessAction = 'view' | 'comment' | 'edit' | 'review' | 'admin';

/** The least level each action needs, for the 403 message (content's own wording). */
const LEAST_LEVEL: Record<SpaceAccessAction, MemberRole> = {
  view: 'read',
  comment: 'comment',
  edit: 'edit',
  review: 'review',
  admin: 'create',
};

const NO_SPACE = 'No matching space found';

/**
 * "May this caller do X in space Y", for every service but content. Content alone decides levels
 * on spaces (organization role, guests, default levels of the space and its collections); this
 * asks it over `content.space.access` and answers the way content's own endpoints would: 404 for
 * an unknown space or a caller without a level (indistinguishable, so ids leak nothing), 403
 * below the action's level. Never re-implement the rule in another service: use this.
 */
export class SpaceAccessClient {
  constructor(private readonly content: ServiceClient) {}

  /**
   * The caller's (or `userId`'s) level and permissions on a live space; `level` null: no access.
   * 404 only for an unknown or deleted space.
   */
  level(ctx: RequestContext, spaceId: string, userId?: string): Promise<SpaceAccessResult> {
    const input: SpaceAccessInput = userId === undefined ? { spaceId } : { spaceId, userId };
    return this.content.send(ContentSubjects.spaceAccess, ctx, input);
  }

  /** The space's access for the caller when it allows `action`; otherwise the 404/403 content would answer. */
  async require(ctx: RequestContext, spaceId: string, action: SpaceAccessAction): Promise<SpaceAccessResult> {
    const access = await this.level(ctx, spaceId);
    if (access.level === null) throw notFound(NO_SPACE);
    if (!access.permissions[action]) throw forbidden(`This needs the "${LEAST_LEVEL[action]}" level or higher on the space`);
    return access;
  }
}
