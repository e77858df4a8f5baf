import type { ChangeRequestRequestedReviewer, ChangeRequestReview, ReviewComment } from '@bindery/contracts';
import type { ChangeRequestEntity } from '../../store/change-request.entity';
import type { RequestedReviewerEntity } from './requested-reviewer.entity';
import { isOutdated, type ReviewEntity } from './review.entity';

export function toRequestedReviewer(row: RequestedReviewerEntity): ChangeRequestRequestedReviewer {
  return {
    object: 'change-request-requested-reviewer',
    kind: 'user',
    user: row.reviewer,
    revision: row.revisionId,
    requestedBy: row.requestedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Wire review; `outdated` is judged against the change request's current revision. `commentMarkdown`,
 * when given, is the comment written as Markdown (the `markdown` format), converted by the caller on
 * the service's MarkdownPool: writing it here would hold the event loop.
 */
export function toReview(review: ReviewEntity, cr: ChangeRequestEntity, baseUrl: string, commentMarkdown?: string): ChangeRequestReview {
  const location = `${baseUrl}/v1/spaces/${cr.spaceId}/change-requests/${cr.id}`;
  const out: ChangeRequestReview = {
    object: 'change-request-review',
    id: review.id,
    revision: review.revisionId,
    reviewer: review.reviewer,
    status: review.status,
    outdated: isOutdated(review, cr.revisionId),
    createdAt: review.createdAt.toISOString(),
    updatedAt: review.updatedAt.toISOString(),
    urls: { location: `${location}/reviews/${review.id}` },
  };
  if (review.requestedBy) out.requestedBy = review.requestedBy;
  if (review.commentId && review.comment) out.comment = toReviewComment(review, cr, location, commentMarkdown);
  return out;
}

/** The review's comment as the official Comment: open, without replies or reactions (comments are not threaded here yet). */
function toReviewComment(review: ReviewEntity, cr: ChangeRequestEntity, location: string, markdown: string | undefined): ReviewComment {
  return {
    object: 'comment',
    id: review.commentId!,
    postedBy: review.reviewer,
    postedAt: review.createdAt.toISOString(),
    reactions: [],
    replies: 0,
    repliers: [],
    body: markdown !== undefined ? { markdown } : { document: review.comment! },
    target: { space: cr.spaceId, revision: review.revisionId, changeRequest: cr.id, review: review.id },
    status: 'open',
    urls: { location: `${location}/comments/${review.commentId}` },
    permissions: { view: true, edit: false, reply: false, delete: false },
  };
}
