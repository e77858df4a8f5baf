import type { ContentSubjects } from './subjects';

export interface CommentTargetInput {
  spaceId: string;
  /** The change request's id or number; absent: the space's main content. */
  changeRequestId?: string;
  pageId?: string;
  /** A block key in the page's body; needs `pageId`. */
  nodeId?: string;
}

export interface CommentTargetResult {
  spaceId: string;
  organizationId: string;
  /** The canonical id of the change request, when one was asked for. */
  changeRequestId?: string;
  /** The revision the target was found in (the change request's, or the space's current one). */
  revisionId: string;
}

export interface CommentTargetsRpc {
  [ContentSubjects.commentTargetCheck]: { input: CommentTargetInput; result: CommentTargetResult };
}
