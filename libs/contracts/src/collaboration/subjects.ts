import { healthSubject } from '../health';

/** Request subjects of the collaboration context (`collaboration.<aggregate>.<verb>`). */
export const CollaborationSubjects = {
  health: healthSubject('collaboration'),
  commentList: 'collaboration.comment.list',
  commentCreate: 'collaboration.comment.create',
  commentGet: 'collaboration.comment.get',
  commentUpdate: 'collaboration.comment.update',
  commentDelete: 'collaboration.comment.delete',
  replyList: 'collaboration.comment-reply.list',
  replyCreate: 'collaboration.comment-reply.create',
  replyGet: 'collaboration.comment-reply.get',
  replyUpdate: 'collaboration.comment-reply.update',
  replyDelete: 'collaboration.comment-reply.delete',
  commenterList: 'collaboration.commenter.list',
} as const;

/** Events published by collaboration on the JetStream event stream (past tense). */
export const CollaborationEvents = {
  /** Payload CommentCountEvent: the absolute open-comment count of a space's main content or a change request. */
  commentCountChanged: 'collaboration.comment-count.changed',
  /** Payload MentionCreatedEvent: a member was mentioned (`@<userId>`) in a comment or reply. */
  mentionCreated: 'collaboration.mention.created',
} as const;
