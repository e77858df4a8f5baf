import type { NoResult } from '../context';
import type { DocumentFormat, DocumentInput, JsonDocument } from '../content';
import type { Member, User } from '../identity';
import type { List, PageQuery } from '../pagination';
import type { CollaborationSubjects } from './subjects';

/** Limit of a comment or reply body, as Markdown (UTF-8 bytes); a Document is measured as the Markdown it writes. */
export const MAX_COMMENT_MARKDOWN_BYTES = 64 * 1024;
/** Limit of a body sent as a Document (its JSON), before conversion. */
export const MAX_COMMENT_DOCUMENT_BYTES = 512 * 1024;
/** Emoji a reaction may be: the official Emoji is a string of at most 50 characters. */
export const MAX_EMOJI_LENGTH = 50;
/** Reactions one update may add or remove. */
export const MAX_REACTIONS_PER_UPDATE = 20;
/** Authors one list may filter on. */
export const MAX_AUTHORS_FILTER = 50;

export type CommentStatusFilter = 'all' | 'open' | 'resolved';
export const COMMENT_STATUS_FILTERS: readonly CommentStatusFilter[] = ['all', 'open', 'resolved'];

export interface EmojiReaction {
  emoji: string;
  count: number;
  users: Array<{ user: User; reactedAt: string }>;
}

export interface CommentPermissions {
  view: boolean;
  edit: boolean;
  reply: boolean;
  delete: boolean;
}

export type CommentBody = { markdown: string } | { document: JsonDocument };

export interface CommentTarget {
  space: string;
  revision: string;
  changeRequest?: string;
  page?: { id: string };
  node?: { id: string };
  tableCell?: { record: string; definition: string };
}

/** Official Comment. */
export interface Comment {
  object: 'comment';
  id: string;
  postedBy: User;
  postedAt: string;
  editedAt?: string;
  reactions: EmojiReaction[];
  replies: number;
  repliers: Array<{ updatedAt: string; count: number; user: User }>;
  body: CommentBody;
  target: CommentTarget;
  urls: { location: string };
  permissions: CommentPermissions;
  status: 'open' | 'resolved';
  resolvedAt?: string;
  resolvedBy?: User;
}

/** Official CommentReply. */
export interface CommentReply {
  object: 'comment-reply';
  id: string;
  postedBy: User;
  postedAt: string;
  editedAt?: string;
  reactions: EmojiReaction[];
  body: CommentBody;
  urls: { location: string };
  permissions: CommentPermissions;
}

/** Where comments live: a space's main content, or one of its change requests (id or number). */
export interface CommentScope {
  spaceId: string;
  changeRequestId?: string;
}

export interface CommentListInput extends CommentScope, PageQuery {
  status?: CommentStatusFilter;
  order?: 'asc' | 'desc';
  format?: DocumentFormat;
  targetPage?: string;
  authors?: string[];
}

export interface CommentCreateInput extends CommentScope {
  body: DocumentInput;
  page?: string;
  node?: string;
  tableCell?: { record: string; definition: string };
}

export interface CommentRef extends CommentScope {
  commentId: string;
}

export interface CommentGetInput extends CommentRef {
  format?: DocumentFormat;
}

export interface CommentUpdateInput extends CommentRef {
  resolved?: boolean;
  body?: DocumentInput;
  addedReactions?: string[];
  removedReactions?: string[];
}

export interface ReplyListInput extends CommentRef, PageQuery {
  format?: DocumentFormat;
}

export interface ReplyCreateInput extends CommentRef {
  body: DocumentInput;
}

export interface ReplyRef extends CommentRef {
  commentReplyId: string;
}

export interface ReplyGetInput extends ReplyRef {
  format?: DocumentFormat;
}

export interface ReplyUpdateInput extends ReplyRef {
  body?: DocumentInput;
  addedReactions?: string[];
  removedReactions?: string[];
  /** Change requests only: resolves (or reopens) the reply's thread. */
  resolved?: boolean;
}

export interface CommenterListInput extends CommentScope, PageQuery {}

export interface CommentsRpc {
  [CollaborationSubjects.commentList]: { input: CommentListInput; result: List<Comment> };
  [CollaborationSubjects.commentCreate]: { input: CommentCreateInput; result: Comment };
  [CollaborationSubjects.commentGet]: { input: CommentGetInput; result: Comment };
  [CollaborationSubjects.commentUpdate]: { input: CommentUpdateInput; result: Comment };
  [CollaborationSubjects.commentDelete]: { input: CommentRef; result: NoResult };
  [CollaborationSubjects.replyList]: { input: ReplyListInput; result: List<CommentReply> };
  [CollaborationSubjects.replyCreate]: { input: ReplyCreateInput; result: CommentReply };
  [CollaborationSubjects.replyGet]: { input: ReplyGetInput; result: CommentReply };
  [CollaborationSubjects.replyUpdate]: { input: ReplyUpdateInput; result: CommentReply };
  [CollaborationSubjects.replyDelete]: { input: ReplyRef; result: NoResult };
  [CollaborationSubjects.commenterList]: { input: CommenterListInput; result: List<Member> };
}
