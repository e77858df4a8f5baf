import type { CommentsRpc } from './comments';

export * from './subjects';
export * from './comments';
export * from './comment-counts';

/** Every request/reply subject collaboration answers, with its input and result. */
export type CollaborationRpc = CommentsRpc;
