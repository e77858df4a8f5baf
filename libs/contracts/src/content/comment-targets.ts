import type { SpaceAccessResult } from './spaces';
import type { ContentSubjects } from './subjects';

export interface CommentTargetInput {
  spaceId: string;
  /** The change request's id or number; absent: the space's main content. */
  changeRequestId?: string;
  pageId?: string;
  /** A block key in the page's body; needs `pageId`. */
  nodeId?: string;
  /**
   * The caller means to comment: the page and block are checked only when their level allows
   * commenting (the caller answers the 403 from `access`), so one call serves access and target.
   */
  comment?: boolean;
}

export interface CommentTargetResult {
  spaceId: string;
  organizationId: string;
  /** The canonical id of the change request, when one was asked for. */
  changeRequestId?: string;
  /** The revision the target was found in (the change request's, or the space's current one). */
  revisionId: string;
  /** The caller's access to the space, as `content.space.access` answers it. */
  access: SpaceAccessResult;
}

export interface CommentTargetsRpc {
  [ContentSubjects.commentTargetCheck]: { input: CommentTargetInput; result: CommentTargetResult };
}
