/**
 * Answered by content for collaboration: is a comment target (a page, or a block of a page) in
 * the revision it is made on? Content alone reads revisions. It also names the change request
 * canonically (the API accepts its id or its number).
 */
export const CommentTargetSubjects = {
  /** CommentTargetInput → CommentTargetResult; 404 unknown space or change request, 400 unknown page or node. */
  commentTargetCheck: 'content.comment-target.check',
} as const;

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
  [CommentTargetSubjects.commentTargetCheck]: { input: CommentTargetInput; result: CommentTargetResult };
}
