import type { Comment, CommentPermissions, CommentReply, DocumentFormat, EmojiReaction, SpaceAccessResult } from '@bindery/contracts';
import { wireBody } from './comment-body';
import type { CommentRow, ReactionRow, ReplierRow, ReplyRow } from './comment.rows';

/** The API location of a target's comments. */
export function commentsLocation(baseUrl: string, spaceId: string, changeRequestId: string): string {
  const base = `${baseUrl}/v1/spaces/${spaceId}`;
  return changeRequestId === '' ? `${base}/comments` : `${base}/change-requests/${changeRequestId}/comments`;
}

/**
 * What the viewer may do with a comment or reply, from content's decision on the space (never a
 * rule of this service): reply and react with `comment`; edit the body: the author, still able to
 * comment; delete: the author (able to comment) or a space admin.
 */
export function permissionsFor(authorId: string, access: SpaceAccessResult): CommentPermissions {
  const mine = authorId === access.user;
  const comment = access.permissions.comment;
  return { view: true, edit: mine && comment, reply: comment, delete: (mine && comment) || access.permissions.admin };
}

/** Reactions grouped by emoji in order of first reaction, each with its users. */
export function groupReactions(rows: Array<Pick<ReactionRow, 'emoji' | 'user' | 'reactedAt'>>): EmojiReaction[] {
  const byEmoji = new Map<string, EmojiReaction>();
  for (const row of rows) {
    let reaction = byEmoji.get(row.emoji);
    if (!reaction) byEmoji.set(row.emoji, (reaction = { emoji: row.emoji, count: 0, users: [] }));
    reaction.count += 1;
    reaction.users.push({ user: row.user, reactedAt: new Date(row.reactedAt).toISOString() });
  }
  return [...byEmoji.values()];
}

/** A comment's repliers and reactions, whichever comment each row names. */
export interface CommentExtras {
  repliers: Array<Pick<ReplierRow, 'user' | 'count' | 'updatedAt'>>;
  reactions: Array<Pick<ReactionRow, 'emoji' | 'user' | 'reactedAt'>>;
}

/** A comment as the API answers it; its organization is not part of it. */
export function toComment(
  row: Omit<CommentRow, 'organizationId'>,
  extras: CommentExtras,
  access: SpaceAccessResult,
  baseUrl: string,
  format: DocumentFormat | undefined,
): Comment {
  const target: Comment['target'] = { space: row.spaceId, revision: row.revisionId };
  if (row.changeRequestId !== '') target.changeRequest = row.changeRequestId;
  if (row.targetPage !== null) target.page = { id: row.targetPage };
  if (row.targetNode !== null) target.node = { id: row.targetNode };
  if (row.tableRecord !== null && row.tableDefinition !== null)
    target.tableCell = { record: row.tableRecord, definition: row.tableDefinition };
  const out: Comment = {
    object: 'comment',
    id: row.id,
    postedBy: row.author,
    postedAt: row.postedAt.toISOString(),
    reactions: groupReactions(extras.reactions),
    replies: extras.repliers.reduce((sum, r) => sum + r.count, 0),
    repliers: extras.repliers.map((r) => ({ updatedAt: new Date(r.updatedAt).toISOString(), count: r.count, user: r.user })),
    body: wireBody({ markdown: row.bodyMarkdown, document: row.bodyDocument }, format),
    target,
    urls: { location: `${commentsLocation(baseUrl, row.spaceId, row.changeRequestId)}/${row.id}` },
    permissions: permissionsFor(row.authorId, access),
    status: row.resolvedAt === null ? 'open' : 'resolved',
  };
  if (row.editedAt !== null) out.editedAt = row.editedAt.toISOString();
  if (row.resolvedAt !== null && row.resolvedBy !== null) {
    out.resolvedAt = row.resolvedAt.toISOString();
    out.resolvedBy = row.resolvedBy;
  }
  return out;
}

export function toReply(
  row: ReplyRow,
  comment: CommentRow,
  reactions: ReactionRow[],
  access: SpaceAccessResult,
  baseUrl: string,
  format: DocumentFormat | undefined,
): CommentReply {
  const out: CommentReply = {
    object: 'comment-reply',
    id: row.id,
    postedBy: row.author,
    postedAt: row.postedAt.toISOString(),
    reactions: groupReactions(reactions),
    body: wireBody({ markdown: row.bodyMarkdown, document: row.bodyDocument }, format),
    urls: { location: `${commentsLocation(baseUrl, comment.spaceId, comment.changeRequestId)}/${comment.id}/replies/${row.id}` },
    permissions: permissionsFor(row.authorId, access),
  };
  if (row.editedAt !== null) out.editedAt = row.editedAt.toISOString();
  return out;
}
