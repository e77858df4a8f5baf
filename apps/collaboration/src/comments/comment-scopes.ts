import {
  type CommentScope,
  type CommentTargetInput,
  ContentSubjects,
  type RequestContext,
  type SpaceAccessResult,
  type User,
} from '@bindery/contracts';
import { CurrentUsers, forbidden, SpaceAccessClient } from '@bindery/platform';
import { ServiceClient } from '@bindery/platform/nest';
import { Injectable } from '@nestjs/common';
import type { TargetKey } from './comments.repository';

/** A request's place: the caller's access to the space (content's decision) and the target's key. */
export interface ResolvedScope {
  access: SpaceAccessResult;
  key: TargetKey;
  /** The revision the target was checked in (only when a target was checked). */
  revisionId?: string;
}

/**
 * Where a request acts and what the caller may do there. Levels come from content through
 * `SpaceAccessClient` (404 without access, as content answers); a change request is named by
 * content (its id or number → its id), and a comment's target is checked against the revision
 * by content, which alone reads revisions.
 */
@Injectable()
export class CommentScopes {
  constructor(
    private readonly spaces: SpaceAccessClient,
    private readonly services: ServiceClient,
    private readonly users: CurrentUsers,
  ) {}

  /** The caller may read the space; a change request named in `scope` exists in it (one call to content either way). */
  async read(ctx: RequestContext, scope: CommentScope): Promise<ResolvedScope> {
    if (scope.changeRequestId === undefined) {
      const access = await this.spaces.require(ctx, scope.spaceId, 'view');
      return { access, key: { spaceId: access.space, changeRequestId: '' } };
    }
    const checked = await this.check(ctx, { spaceId: scope.spaceId, changeRequestId: scope.changeRequestId });
    return { access: checked.access, key: { spaceId: checked.spaceId, changeRequestId: checked.changeRequestId ?? '' } };
  }

  /**
   * As `read`, with `read`'s answer and what `load` reads at the target's key. For a space's main
   * content the key is the space id as given, so `load` runs while content answers the access (one
   * round trip on the request's path instead of two in a row); its rows are used only when content
   * allowed the caller and named that same space, and are never answered otherwise (the request
   * fails with content's 404 or 403, or `load` runs again at the key content named). A change
   * request's key is content's (its id or number → its id): `load` waits for it. `load` must only read.
   */
  async readWith<T>(ctx: RequestContext, scope: CommentScope, load: (key: TargetKey) => Promise<T>): Promise<[ResolvedScope, T]> {
    if (scope.changeRequestId !== undefined) {
      const resolved = await this.read(ctx, scope);
      return [resolved, await load(resolved.key)];
    }
    const checking = this.read(ctx, scope);
    const early = load({ spaceId: scope.spaceId, changeRequestId: '' });
    // Awaited below only once the access allowed it: a failure before that is not this request's to report.
    early.catch(() => undefined);
    const resolved = await checking;
    const sameKey = resolved.key.spaceId === scope.spaceId && resolved.key.changeRequestId === '';
    return [resolved, await (sameKey ? early : load(resolved.key))];
  }

  /** As `read`, and the caller may comment there (403 otherwise). */
  async comment(ctx: RequestContext, scope: CommentScope): Promise<ResolvedScope> {
    const resolved = await this.read(ctx, scope);
    requireComment(resolved.access);
    return resolved;
  }

  /**
   * The caller may comment, and the target (page, block of a page) is in the revision commented
   * on: one call to content, which answers the access with the target (and checks the target only
   * for a caller who may comment, so the 403 comes before any 400 about the target).
   */
  async target(ctx: RequestContext, scope: CommentScope, target: { pageId?: string; nodeId?: string }): Promise<ResolvedScope> {
    const input: CommentTargetInput = { spaceId: scope.spaceId, comment: true };
    if (scope.changeRequestId !== undefined) input.changeRequestId = scope.changeRequestId;
    if (target.pageId !== undefined) input.pageId = target.pageId;
    if (target.nodeId !== undefined) input.nodeId = target.nodeId;
    const checked = await this.check(ctx, input);
    requireComment(checked.access);
    return {
      access: checked.access,
      key: { spaceId: checked.spaceId, changeRequestId: checked.changeRequestId ?? '' },
      revisionId: checked.revisionId,
    };
  }

  /**
   * The caller as a User, stored with what they write (identity is not asked again on reads, and
   * not on each write either: `CurrentUsers` reuses the answer, at most 60 s old).
   *
   * A write asks it BEFORE asking content and awaits it after content's answer: when identity must
   * be asked (the caller's first write in 60 s), it answers while content does, so the write waits
   * for one round trip instead of two in a row. Failures only show when awaited (a missing caller's
   * 401 included), so content's 404 or 403 and a bad body's 400 still come first, as before.
   */
  currentUser(ctx: RequestContext): Promise<User> {
    const user = new Promise<User>((resolve) => resolve(this.users.of(ctx)));
    // Handled here for a write that fails before awaiting it (content refused): not this request's to report.
    user.catch(() => undefined);
    return user;
  }

  private check(ctx: RequestContext, input: CommentTargetInput) {
    return this.services.send(ContentSubjects.commentTargetCheck, ctx, input);
  }
}

export function requireComment(access: SpaceAccessResult): void {
  if (!access.permissions.comment) throw forbidden('Commenting needs the "comment" level or higher on the space');
}
