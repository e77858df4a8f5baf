import type {
  CommentReply,
  List,
  NoResult,
  ReplyCreateInput,
  ReplyGetInput,
  ReplyListInput,
  ReplyRef,
  ReplyUpdateInput,
  RequestContext,
} from '@bindery/contracts';
import { forbidden, keysetPage, newId, notFound, toList } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { MarkdownPool } from '@bindery/platform/markdown';
import { toStoredBody } from './comment-body';
import { CommentEvents, newMentions } from './comment-events';
import { NO_COMMENT, NO_REPLY } from './comment-messages';
import { permissionsFor, toReply } from './comment.mapper';
import type { ReplyRow } from './comment.rows';
import { CommentScopes, type ResolvedScope } from './comment-scopes';
import { CommentsRepository } from './comments.repository';
import { groupBy } from './comments.service';
import { CommentUpdates } from './comment-updates';

/** Replies of a comment. A deleted comment takes its replies with it; replying to it is a 404. */
@Injectable()
export class RepliesService {
  constructor(
    private readonly comments: CommentsRepository,
    private readonly scopes: CommentScopes,
    private readonly events: CommentEvents,
    private readonly converter: MarkdownPool,
    private readonly updates: CommentUpdates,
  ) {}

  async list(ctx: RequestContext, input: ReplyListInput): Promise<List<CommentReply>> {
    const { limit, take, after } = keysetPage(input);
    const scope = await this.scopes.read(ctx, input);
    const comment = await this.comments.find(scope.key, input.commentId);
    if (!comment) throw notFound(NO_COMMENT);
    const { rows, count } = await this.comments.listReplies(comment.id, take, after);
    const page = rows.slice(0, limit);
    const reactions = groupBy(
      await this.comments.reactions(
        [comment.id],
        page.map((r) => r.id),
      ),
      (r) => r.replyId,
    );
    return toList(
      rows,
      limit,
      count,
      (r) => [r.postedAt.toISOString(), r.id],
      (r) => toReply(r, comment, reactions.get(r.id) ?? [], scope.access, ctx.baseUrl, input.format),
    );
  }

  async get(ctx: RequestContext, input: ReplyGetInput): Promise<CommentReply> {
    return this.readIn(ctx, await this.scopes.read(ctx, input), input);
  }

  /** The reply `input` names, in a scope already resolved, as the wire shows it. */
  private async readIn(ctx: RequestContext, scope: ResolvedScope, input: ReplyGetInput): Promise<CommentReply> {
    const comment = await this.comments.find(scope.key, input.commentId);
    if (!comment) throw notFound(NO_COMMENT);
    const reply = await this.comments.findReply(comment.id, input.commentReplyId);
    if (!reply) throw notFound(NO_REPLY);
    const reactions = await this.comments.reactions([comment.id], [reply.id]);
    return toReply(reply, comment, reactions, scope.access, ctx.baseUrl, input.format);
  }

  async create(ctx: RequestContext, input: ReplyCreateInput): Promise<CommentReply> {
    // The caller's user is asked while content answers the access (see CommentScopes.currentUser).
    const caller = this.scopes.currentUser(ctx);
    const scope = await this.scopes.comment(ctx, input);
    const body = await toStoredBody(this.converter, input.body);
    const author = await caller;
    const organizationId = scope.access.organization;
    const mentioned = await this.events.mentionedMembers(ctx, organizationId, body.markdown, author.id);
    const now = new Date();
    const reply: ReplyRow = {
      id: newId(),
      commentId: input.commentId,
      authorId: author.id,
      author,
      bodyMarkdown: body.markdown,
      bodyDocument: body.document,
      postedAt: now,
      editedAt: null,
    };
    const source = { organizationId, key: scope.key, commentId: input.commentId, replyId: reply.id, authorId: author.id };
    // One statement (no transaction): the comment share-locked, the reply, its mentions and their events.
    const comment = await this.comments.insertReply(scope.key, reply, newMentions(source, mentioned, now));
    if (!comment) throw notFound(NO_COMMENT);
    return toReply(reply, comment, [], scope.access, ctx.baseUrl, undefined);
  }

  /**
   * Edits the body (its author only) and the caller's reactions; on a change request, `resolved`
   * resolves or reopens the reply's thread (its comment), as the spec's reply update carries it.
   */
  async update(ctx: RequestContext, input: ReplyUpdateInput): Promise<CommentReply> {
    // Read back with the access the update was decided on: content is not asked twice.
    return this.readIn(ctx, await this.updates.apply(ctx, input, input.commentReplyId), input);
  }

  /** Deletes a reply (its author or a space admin); 204 also when there is none. */
  async delete(ctx: RequestContext, input: ReplyRef): Promise<NoResult> {
    const scope = await this.scopes.read(ctx, input);
    const comment = await this.comments.find(scope.key, input.commentId);
    if (!comment) return {};
    const reply = await this.comments.findReply(comment.id, input.commentReplyId);
    if (!reply) return {};
    if (!permissionsFor(reply.authorId, scope.access).delete) throw forbidden("Only the reply's author or a space admin can delete it");
    await this.comments.transaction((manager) => this.comments.deleteReply(manager, comment.id, reply.id));
    return {};
  }
}
