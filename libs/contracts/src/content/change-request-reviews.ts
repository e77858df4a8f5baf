import type { User } from '../identity';
import type { List, PageQuery } from '../pagination';
import type { ChangeRequestRef } from './change-requests';
import type { DocumentInput, JsonDocument } from './pages';
import type { ContentSubjects } from './subjects';

/** Official ChangeRequestReviewStatus. */
export type ChangeRequestReviewStatus = 'approved' | 'changes-requested';
export const CHANGE_REQUEST_REVIEW_STATUSES: readonly ChangeRequestReviewStatus[] = ['approved', 'changes-requested'];

/** Official ChangeRequestRequestedReviewer (the `user` kind; teams cannot be requested here). */
export interface ChangeRequestRequestedReviewer {
  object: 'change-request-requested-reviewer';
  kind: 'user';
  user: User;
  /** The change request's revision when the review was requested. */
  revision: string;
  requestedBy: User;
  createdAt: string;
}

/** The comment a reviewer left with a review (official Comment, targeting the review). */
export interface ReviewComment {
  object: 'comment';
  id: string;
  postedBy: User;
  postedAt: string;
  reactions: [];
  replies: number;
  repliers: [];
  body: { document: JsonDocument } | { markdown: string };
  target: { space: string; revision: string; changeRequest: string; review: string };
  status: 'open';
  urls: { location: string };
  permissions: { view: boolean; edit: boolean; reply: boolean; delete: boolean };
}

/** Official ChangeRequestReview. */
export interface ChangeRequestReview {
  object: 'change-request-review';
  id: string;
  /** The change request's revision the reviewer looked at. */
  revision: string;
  reviewer: User;
  /** Who asked for the review; absent when the reviewer was not asked. */
  requestedBy?: User;
  status: ChangeRequestReviewStatus;
  /**
   * True once the review no longer stands: the reviewer reviewed again or was asked again, or the
   * change request's content moved past the revision reviewed.
   */
  outdated: boolean;
  comment?: ReviewComment;
  createdAt: string;
  updatedAt: string;
  urls: { location: string };
}

export type DocumentFormat = 'document' | 'markdown';

export interface RequestedReviewersListInput extends ChangeRequestRef, PageQuery {}

/** Users one request may ask at once. */
export const MAX_REVIEWERS_PER_REQUEST = 50;

export interface RequestReviewersInput extends ChangeRequestRef {
  /** User ids; each must be a member of the space's organization with at least the `review` role. */
  users: string[];
  subject?: string;
  description?: JsonDocument;
}
export interface RequestReviewersResult {
  users: ChangeRequestRequestedReviewer[];
}

export interface RequestedReviewerRef extends ChangeRequestRef {
  userId: string;
}
/** `removed` is false when the user had not been asked (the gateway answers 204 rather than 205). */
export interface RequestedReviewerRemoveResult {
  removed: boolean;
}

export interface ReviewSubmitInput extends ChangeRequestRef {
  status: ChangeRequestReviewStatus;
  comment?: DocumentInput;
}
export interface ReviewsListInput extends ChangeRequestRef, PageQuery {
  outdated?: boolean;
  format?: DocumentFormat;
}
export interface ReviewGetInput extends ChangeRequestRef {
  reviewId: string;
  format?: DocumentFormat;
}

/** Payload of `content.change-request.reviewers-requested`. */
export interface ChangeRequestReviewersRequestedEvent {
  spaceId: string;
  changeRequestId: string;
  requestedBy: string;
  userIds: string[];
  revisionId: string;
  at: string;
}

/** Payload of `content.change-request.review-submitted`. */
export interface ChangeRequestReviewSubmittedEvent {
  spaceId: string;
  changeRequestId: string;
  reviewId: string;
  reviewerId: string;
  status: ChangeRequestReviewStatus;
  revisionId: string;
  at: string;
}

export interface ChangeRequestReviewsRpc {
  [ContentSubjects.requestedReviewerList]: { input: RequestedReviewersListInput; result: List<ChangeRequestRequestedReviewer> };
  [ContentSubjects.requestedReviewersAdd]: { input: RequestReviewersInput; result: RequestReviewersResult };
  [ContentSubjects.requestedReviewerRemove]: { input: RequestedReviewerRef; result: RequestedReviewerRemoveResult };
  [ContentSubjects.reviewList]: { input: ReviewsListInput; result: List<ChangeRequestReview> };
  [ContentSubjects.reviewSubmit]: { input: ReviewSubmitInput; result: ChangeRequestReview };
  [ContentSubjects.reviewGet]: { input: ReviewGetInput; result: ChangeRequestReview };
}
