import type {
  Comment,
  CommentCreateInput,
  CommentGetInput,
  CommentListInput,
  CommentRef,
  CommentUpdateInput,
  DocumentFormat,
  List,
  NoResult,
  RequestContext,
} from '@bindery/contracts';
import { badRequest, forbidden, keysetPage, newId, notFound, toList } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { MarkdownPool } from '@bindery/platform/markdown';
import { sendsDocument, toStoredBody } from './comment-body';
import { CommentEvents, countEvent, newMentions } from './comment-events';
import { NO_COMMENT } from './comment-messages';
import { CommentUpdates } from './comment-updates';
import { toComment } from './comment.mapper';
import type { CommentRow } from './comment.rows';
import { CommentScopes, type ResolvedScope } from './comment-scopes';
import { CommentsRepository } from './comments.repository';

const LIST_STATUSES: ReadonlyArray<CommentListInput['status']> = ['all', 'open', 'resolved'];

/** Comments of a space's main content or of a change request: the rules and the wire shape. */
@Injectable()
export class CommentsService {
  constructor(
    private readonly comments: CommentsRepository,
    private readonly scopes: CommentScopes,
    private readonly events: CommentEvents,
    private readonly converter: MarkdownPool,
    private readonly updates: CommentUpdates,
  ) {}

  async list(ctx: RequestContext, input: CommentListInput): Promise<List<Comment>> {
    const { limit, take, after } = keysetPage(input);
    const filter = { status: input.status ?? 'all', order: input.order ?? 'desc', targetPage: input.targetPage, authors: input.authors };
    // Checked here too (NATS callers other than the gateway exist): each shape's statement is kept.
    // After the access, as before: a caller without it gets content's 404 whatever the filter.
    const invalid = listFilterError(filter);
    if (invalid) {
      await this.scopes.read(ctx, input);
      throw badRequest(invalid);
    }
    // The page is read while content answers the access (see CommentScopes.readWith).
    const [scope, { rows, count }] = await this.scopes.readWith(ctx, input, (key) =>
      this.comments.list(key, filter, take, after, sendsDocument(input.format)),
    );
    // Each row comes with its own repliers and reactions: mapped as it is, in one pass.
    return toList(
      rows,
      limit,
      count,
      (r) => [r.postedAt.toISOString(), r.id],
      (r) => toComment(r, { repliers: r.repliers ?? [], reactions: r.reactions ?? [] }, scope.access, ctx.baseUrl, input.format),
    );
  }

  async get(ctx: RequestContext, input: CommentGetInput): Promise<Comment> {
    return this.readIn(ctx, await this.scopes.read(ctx, input), input);
  }

  /** Posts a comment on the target's revision: on the whole, a page, a block (node) of a page or a table cell. */
  async create(ctx: RequestContext, input: CommentCreateInput): Promise<Comment> {
    if (input.node !== undefined && input.page === undefined)
      throw badRequest('node: a block is commented on with its page (give page too)');
    // The caller's user is asked while content checks (see CommentScopes.currentUser).
    const caller = this.scopes.currentUser(ctx);
    // Access and target first: the body is converted (worker threads) only for a caller who may comment.
    const scope = await this.scopes.target(ctx, input, { pageId: input.page, nodeId: input.node });
    const body = await toStoredBody(this.converter, input.body);
    const author = await caller;
    const organizationId = scope.access.organization;
    const mentioned = await this.events.mentionedMembers(ctx, organizationId, body.markdown, author.id);
    const now = new Date();
    const row: CommentRow = {
      id: newId(),
      organizationId,
      spaceId: scope.key.spaceId,
      changeRequestId: scope.key.changeRequestId,
      revisionId: scope.revisionId!,
      targetPage: input.page ?? null,
      targetNode: input.node ?? null,
      tableRecord: input.tableCell?.record ?? null,
      tableDefinition: input.tableCell?.definition ?? null,
      authorId: author.id,
      author,
      bodyMarkdown: body.markdown,
      bodyDocument: body.document,
      postedAt: now,
      editedAt: null,
      resolvedAt: null,
      resolvedBy: null,
    };
    // The comment, its mentions with their events, and its count event: one statement, no transaction.
    const source = { organizationId, key: scope.key, commentId: row.id, replyId: '', authorId: author.id };
    await this.comments.insertCounted(row, countEvent(scope.key, organizationId, now), newMentions(source, mentioned, now));
    return toComment(row, { repliers: [], reactions: [] }, scope.access, ctx.baseUrl, undefined);
  }

  /** Edits the body (its author only), resolves or reopens, adds and removes the caller's reactions. */
  async update(ctx: RequestContext, input: CommentUpdateInput): Promise<Comment> {
    // Read back with the access the update was decided on: content is not asked twice.
    return this.readIn(ctx, await this.updates.apply(ctx, input), input);
  }

  /** Deletes a comment with its replies (the author or a space admin); 204 also when there is none. */
  async delete(ctx: RequestContext, input: CommentRef): Promise<NoResult> {
    const scope = await this.scopes.read(ctx, input);
    const found = await this.comments.find(scope.key, input.commentId);
    if (!found) return {};
    const { permissions } = toComment(found, { repliers: [], reactions: [] }, scope.access, ctx.baseUrl, undefined);
    if (!permissions.delete) throw forbidden("Only the comment's author or a space admin can delete it");
    await this.comments.transaction(async (manager) => {
      const deleted = await this.comments.delete(manager, scope.key, found.id);
      if (deleted) {
        const delta = { open: deleted.wasOpen ? -1 : 0, total: -1 };
        await this.events.countChanged(manager, scope.key, scope.access.organization, delta, new Date());
      }
    });
    return {};
  }

  /** The comment `input` names, in a scope already resolved, as the wire shows it. */
  private async readIn(ctx: RequestContext, scope: ResolvedScope, input: CommentGetInput): Promise<Comment> {
    const row = await this.comments.find(scope.key, input.commentId);
    if (!row) throw notFound(NO_COMMENT);
    return (await this.toWire(ctx, [row], scope, input.format))[0];
  }

  /** Wire comments with their repliers and reactions (two queries for the whole page). */
  private async toWire(
    ctx: RequestContext,
    rows: CommentRow[],
    scope: ResolvedScope,
    format: DocumentFormat | undefined,
  ): Promise<Comment[]> {
    const ids = rows.map((r) => r.id);
    const repliers = groupBy(await this.comments.repliers(ids), (r) => r.commentId);
    const reactions = groupBy(await this.comments.reactions(ids), (r) => r.commentId);
    return rows.map((row) =>
      toComment(row, { repliers: repliers.get(row.id) ?? [], reactions: reactions.get(row.id) ?? [] }, scope.access, ctx.baseUrl, format),
    );
  }
}

/** Why a list's status or order is not one the API has, or undefined when both are. */
function listFilterError(filter: { status: CommentListInput['status']; order: CommentListInput['order'] }): string | undefined {
  if (!LIST_STATUSES.includes(filter.status)) return `status: must be one of ${LIST_STATUSES.join(', ')}`;
  if (filter.order !== 'asc' && filter.order !== 'desc') return 'order: must be asc or desc';
  return undefined;
}

export function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
