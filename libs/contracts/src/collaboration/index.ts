import type { CommentTargetsRpc } from './comment-targets';
import type { CommentsRpc } from './comments';

export * from './subjects';
export * from './comments';
export * from './comment-targets';
export * from './comment-counts';

/** Every request/reply subject collaboration answers, with its input and result. */
export type CollaborationRpc = CommentsRpc;

/** Subjects another context answers for collaboration (content checks comment targets). */
export type CollaborationPeersRpc = CommentTargetsRpc;
