import type { CommentUpdateInput, RequestContext } from '@bindery/contracts';
import { badRequest, forbidden, notFound } from '@bindery/platform';
import { MarkdownPool } from '@bindery/platform/markdown';
import { Injectable } from '@nestjs/common';
import { toStoredBody } from './comment-body';
import { CommentEvents } from './comment-events';
import { NO_COMMENT, NO_REPLY } from './comment-messages';
import { CommentScopes, requireComment, type ResolvedScope } from './comment-scopes';
import { CommentsRepository, type TargetKey } from './comments.repository';
import { checkEmojis } from './emoji';

/**
 * The update of a comment or of one of its replies, written once: a new body (its author only), the
 * resolution of the thread (the comment), the caller's reactions. Each needs the `comment` level;
 * all of it is applied in one transaction, with the comment locked, or none of it.
 */
@Injectable()
export class CommentUpdates {
  constructor(
    private readonly comments: CommentsRepository,
    private readonly scopes: CommentScopes,
    private readonly events: CommentEvents,
    private readonly converter: MarkdownPool,
  ) {}

  /**
   * Applies `input` to the comment, or to its reply `replyId` when given, and answers the scope it
   * was decided in: the caller reads the result back in it.
   */
  async apply(ctx: RequestContext, input: CommentUpdateInput, replyId?: string): Promise<ResolvedScope> {
    const added = checkEmojis(input.addedReactions, 'addedReactions');
    const removed = checkEmojis(input.removedReactions, 'removedReactions');
    const changes = input.body !== undefined || input.resolved !== undefined || added.length > 0 || removed.length > 0;
    // A change's user is asked while content answers the access (see CommentScopes.currentUser).
    const caller = changes ? this.scopes.currentUser(ctx) : undefined;
    const scope = await this.scopes.read(ctx, input);
    if (replyId !== undefined && input.resolved !== undefined && scope.key.changeRequestId === '') {
      throw badRequest('resolved: only replies of change request comments take it; resolve the comment instead');
    }
    if (!caller) return scope;
    requireComment(scope.access);
    const body = input.body === undefined ? undefined : await toStoredBody(this.converter, input.body);
    const authorId = await this.authorOf(scope.key, input.commentId, replyId);
    if (body !== undefined && authorId !== scope.access.user) {
      throw forbidden(replyId === undefined ? "Only the comment's author can edit its body" : "Only the reply's author can edit its body");
    }
    const user = await caller;
    const organizationId = scope.access.organization;
    const mentioned = body === undefined ? [] : await this.events.mentionedMembers(ctx, organizationId, body.markdown, user.id);
    const now = new Date();
    await this.comments.transaction(async (manager) => {
      const comment = await this.comments.find(scope.key, input.commentId, manager, true);
      if (!comment) throw notFound(NO_COMMENT);
      const reply = replyId === undefined ? undefined : await this.comments.findReply(comment.id, replyId, manager);
      if (reply === null) throw notFound(NO_REPLY);
      if (body !== undefined) {
        if (reply) await this.comments.updateReplyBody(manager, reply.id, body.markdown, body.document, now);
        else await this.comments.updateBody(manager, comment.id, body.markdown, body.document, now);
        const source = { organizationId, key: scope.key, commentId: comment.id, replyId: reply?.id ?? '', authorId: user.id };
        await this.events.mentioned(manager, source, mentioned, now);
      }
      await this.comments.addReactions(manager, comment.id, reply?.id ?? '', added, user, now);
      await this.comments.removeReactions(manager, comment.id, reply?.id ?? '', removed, user.id);
      // Last: the count event locks the target's row until the commit.
      if (input.resolved !== undefined && input.resolved !== (comment.resolvedAt !== null)) {
        await this.comments.setResolved(manager, comment.id, input.resolved ? now : null, input.resolved ? user : null);
        await this.events.countChanged(manager, scope.key, organizationId, { open: input.resolved ? -1 : +1, total: 0 }, now);
      }
    });
    return scope;
  }

  /** The author of the comment or reply to change: a 404 when there is none. */
  private async authorOf(key: TargetKey, commentId: string, replyId: string | undefined): Promise<string> {
    const comment = await this.comments.find(key, commentId);
    if (!comment) throw notFound(NO_COMMENT);
    if (replyId === undefined) return comment.authorId;
    const reply = await this.comments.findReply(comment.id, replyId);
    if (!reply) throw notFound(NO_REPLY);
    return reply.authorId;
  }
}
