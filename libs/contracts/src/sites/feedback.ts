import type { List } from '../pagination';
import type { SiteRef } from './sites';
import type { SitesSubjects } from './subjects';

/** The official `PageFeedbackRating`. */
export type PageFeedbackRating = 'bad' | 'ok' | 'good';
export const PAGE_FEEDBACK_RATINGS: readonly PageFeedbackRating[] = ['bad', 'ok', 'good'];
/** The official `page_post_feedback_comment` bound. */
export const PAGE_FEEDBACK_COMMENT_MAX = 512;

/**
 * "Was this helpful?" on a published page, sent by the reader (callerless): the site must be
 * published and hold the site space. `visitor` is an opaque hash the reader makes of the
 * visitor's address; it rate-limits and keeps one rating per visitor and page (a new one replaces it).
 */
export interface PageFeedbackSubmitInput {
  siteId: string;
  siteSpaceId: string;
  pageId: string;
  rating: PageFeedbackRating;
  comment?: string;
  visitor: string;
}

/** Wire shape of one rating (a Bindery extension: the official API only aggregates insights events). */
export interface PageFeedback {
  object: 'page-feedback';
  id: string;
  siteSpaceId: string;
  pageId: string;
  rating: PageFeedbackRating;
  comment?: string;
  createdAt: string;
}

export interface PageFeedbackListInput extends SiteRef {
  page?: string;
  limit?: number;
  /** Only ratings of this page. */
  pageId?: string;
  /** Only ratings given in this site space. */
  siteSpaceId?: string;
}

export interface FeedbackRpc {
  [SitesSubjects.feedbackSubmit]: { input: PageFeedbackSubmitInput; result: { accepted: true } };
  [SitesSubjects.feedbackList]: { input: PageFeedbackListInput; result: List<PageFeedback> };
}
