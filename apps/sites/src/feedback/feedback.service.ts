import {
  type List,
  PAGE_FEEDBACK_COMMENT_MAX,
  PAGE_FEEDBACK_RATINGS,
  type PageFeedback,
  type PageFeedbackListInput,
  type PageFeedbackSubmitInput,
  type RequestContext,
} from '@bindery/contracts';
import { AppError, badRequest, forbidden, newId, notFound, pagedList } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { SiteLoader } from '../sites/site-loader';
import { SitesRepository } from '../sites/sites.repository';
import { FeedbackRepository, type FeedbackRow } from './feedback.repository';

/** Ratings one visitor may give on one site per window (pages rated; re-rating a page counts once). */
export const FEEDBACK_PER_VISITOR = 30;
export const FEEDBACK_WINDOW_MS = 60 * 60 * 1000;
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * "Was this helpful?": visitors of published sites rate pages (through the reader, callerless),
 * admins of the site's organization list the ratings. The reader hashes the visitor's address;
 * here it bounds how many pages one visitor rates per hour (429 past it).
 */
@Injectable()
export class FeedbackService {
  constructor(
    private readonly loader: SiteLoader,
    private readonly sites: SitesRepository,
    private readonly feedback: FeedbackRepository,
  ) {}

  async submit(input: PageFeedbackSubmitInput): Promise<{ accepted: true }> {
    if (!PAGE_FEEDBACK_RATINGS.includes(input.rating)) throw badRequest(`rating must be one of ${PAGE_FEEDBACK_RATINGS.join(', ')}`);
    for (const [name, value] of [
      ['siteId', input.siteId],
      ['siteSpaceId', input.siteSpaceId],
      ['pageId', input.pageId],
      ['visitor', input.visitor],
    ] as const)
      if (typeof value !== 'string' || !ID.test(value)) throw badRequest(`${name} is not valid`);
    const comment = typeof input.comment === 'string' ? input.comment.trim() : '';
    if (comment.length > PAGE_FEEDBACK_COMMENT_MAX) throw badRequest(`comment must be at most ${PAGE_FEEDBACK_COMMENT_MAX} characters`);
    if (!(await this.feedback.publishedSiteSpace(input.siteId, input.siteSpaceId))) throw notFound('No published page matches');
    const since = new Date(Date.now() - FEEDBACK_WINDOW_MS);
    if ((await this.feedback.recentByVisitor(input.siteId, input.visitor, since)) >= FEEDBACK_PER_VISITOR)
      throw new AppError(429, 'Too many ratings from this visitor; try again later');
    await this.feedback.upsert({ ...input, id: newId(), comment: comment || null });
    return { accepted: true };
  }

  async list(ctx: RequestContext, input: PageFeedbackListInput): Promise<List<PageFeedback>> {
    const { standing } = await this.loader.standing(ctx, input.organizationId, false);
    if (!standing.isAdmin) throw forbidden("A site's page feedback is listed for admins of its organization");
    if (!(await this.sites.exists(input.organizationId, input.siteId))) throw notFound(`Site ${input.siteId} not found`);
    return pagedList(
      input,
      (take, after) => this.feedback.list(input.siteId, { pageId: input.pageId, siteSpaceId: input.siteSpaceId }, take, after),
      (row) => [new Date(row.created_at).toISOString(), row.id],
      wire,
    );
  }
}

function wire(row: FeedbackRow): PageFeedback {
  return {
    object: 'page-feedback',
    id: row.id,
    siteSpaceId: row.site_space_id,
    pageId: row.page_id,
    rating: row.rating as PageFeedback['rating'],
    ...(row.comment ? { comment: row.comment } : {}),
    createdAt: new Date(row.created_at).toISOString(),
  };
}
