// "Was this helpful?": the page's form posts here (`<variant>/~feedback`), with or without script.
// A rating is sent to sites with a hash of the visitor's address (never the address itself), which
// keeps one rating per visitor and page and limits how many one visitor gives; the answer is a
// thanks page that asks for a comment (posted here again) and links back to the page.
import { createHash } from 'node:crypto';
import { PAGE_FEEDBACK_COMMENT_MAX, PAGE_FEEDBACK_RATINGS, type PageFeedbackRating } from '@bindery/contracts';
import { pageIndex } from '../../content/page-index';
import { renderFeedbackThanks } from '../../render/layout';
import type { Addressed } from '../../sites/site-view';
import type { ReaderService } from '../reader.service';
import { HTML, type ReaderResponse, statusPage } from '../response';
import { chromeView, customizationOf } from './chrome';
import { siteNotFound } from './not-found';
import type { SiteRequest } from './site-request';

export const FEEDBACK_SEGMENT = '~feedback';
/** A rating, a page id and a 512-character comment, URL-encoded, fit well within this. */
export const FORM_LIMIT_BYTES = 8 * 1024;

export async function feedbackRoute(reader: ReaderService, request: SiteRequest, addressed: Addressed): Promise<ReaderResponse> {
  const form = request.form ?? {};
  if (!reader.feedback || !customizationOf(request, addressed).feedback) return siteNotFound(reader, request, addressed);
  const rating = form.rating as PageFeedbackRating;
  const comment = (form.comment ?? '').trim();
  const index = pageIndex(await reader.content.content(request.site.organizationId, addressed.siteSpace.spaceId));
  const page = form.page ? index.byId.get(form.page) : undefined;
  if (!PAGE_FEEDBACK_RATINGS.includes(rating) || !page || page.type !== 'document' || comment.length > PAGE_FEEDBACK_COMMENT_MAX)
    return statusPage(400, 'Feedback not understood', 'Rate a page with one of its buttons; a comment holds at most 512 characters.');
  const outcome = await reader.feedback.submit({
    siteId: request.site.id,
    siteSpaceId: addressed.siteSpace.id,
    pageId: page.id,
    rating,
    ...(comment ? { comment } : {}),
    visitor: visitorKey(request),
  });
  if (outcome === 'limited')
    return statusPage(429, 'Thanks, that is enough for now', 'You have rated many pages recently; try again later.');
  if (outcome === 'refused') return siteNotFound(reader, request, addressed);
  const body = renderFeedbackThanks(chromeView(request, addressed, index), page, rating, comment !== '');
  return { status: 200, headers: { 'content-type': HTML, 'cache-control': 'no-store' }, body };
}

/** Who rated, as sites keeps it: a hash of the address and the site, so it names no one and links no two sites. */
function visitorKey(request: SiteRequest): string {
  return createHash('sha256').update(`${request.ip}|${request.site.id}`).digest('base64url').slice(0, 32);
}
