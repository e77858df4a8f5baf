import type { JsonDocument, User } from '@bindery/contracts';

/** A comment as stored; `changeRequestId` '' is the space's main content. */
export interface CommentRow {
  id: string;
  organizationId: string;
  spaceId: string;
  changeRequestId: string;
  revisionId: string;
  targetPage: string | null;
  targetNode: string | null;
  tableRecord: string | null;
  tableDefinition: string | null;
  authorId: string;
  author: User;
  bodyMarkdown: string;
  bodyDocument: JsonDocument;
  postedAt: Date;
  editedAt: Date | null;
  resolvedAt: Date | null;
  resolvedBy: User | null;
}

export interface ReplyRow {
  id: string;
  commentId: string;
  authorId: string;
  author: User;
  bodyMarkdown: string;
  bodyDocument: JsonDocument;
  postedAt: Date;
  editedAt: Date | null;
}

/** `replyId` '' is a reaction to the comment itself. */
export interface ReactionRow {
  commentId: string;
  replyId: string;
  emoji: string;
  userId: string;
  user: User;
  reactedAt: Date;
}

/** Replies of one comment by one user: `repliers` of the wire comment. */
export interface ReplierRow {
  commentId: string;
  user: User;
  count: number;
  updatedAt: Date;
}

export interface CommentFilter {
  status: 'all' | 'open' | 'resolved';
  order: 'asc' | 'desc';
  targetPage?: string;
  authors?: string[];
}
