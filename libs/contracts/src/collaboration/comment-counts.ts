/**
 * `Space.comments` and `ChangeRequest.comments` (open comments) live in content and are kept
 * from collaboration's events. Each event carries the absolute count of its target and a version
 * that grows with every change of that target, so content stores a count only when its version
 * is newer: redelivered, duplicated or reordered events never make a count drift, and after an
 * outage the latest event of a target is enough to converge.
 */
export interface CommentCountEvent {
  spaceId: string;
  organizationId: string;
  /** Absent: the space's main content. */
  changeRequestId?: string;
  /** Open comments (neither resolved nor deleted) of the target. */
  open: number;
  /** Grows with every change of the target's comments. */
  version: number;
  at: string;
}

/** Content's durable consumer of the counts, and the events it hears. */
export const COMMENT_COUNTS_CONSUMER = 'content-comment-counts';
export const COMMENT_COUNTS_EVENTS = 'collaboration.comment-count.changed';

/** Collaboration's durable consumer of content's space events (deleted spaces hide their comments). */
export const COMMENT_SPACES_CONSUMER = 'collaboration-spaces';
export const COMMENT_SPACES_EVENTS = 'content.space.*';

/** Payload of `collaboration.mention.created`, one per mentioned member and comment or reply. */
export interface MentionCreatedEvent {
  mentionId: string;
  organizationId: string;
  spaceId: string;
  changeRequestId?: string;
  commentId: string;
  /** Set when the mention is in a reply. */
  replyId?: string;
  /** Who was mentioned. */
  userId: string;
  /** Who wrote the mention. */
  mentionedBy: string;
  at: string;
}
