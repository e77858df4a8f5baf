import {
  type ChangeRequestReview,
  type ChangeRequestReviewSubmittedEvent,
  ContentEvents,
  type DocumentFormat,
  type DocumentInput,
  type JsonDocument,
  type List,
  type RequestContext,
  type ReviewGetInput,
  type ReviewsListInput,
  type ReviewSubmitInput,
  roleAtLeast,
} from '@bindery/contracts';
import { addToOutbox, badRequest, forbidden, keysetPage, newId, notFound, toList, CurrentUsers } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../clock/clock';
import { MarkdownPool } from '@bindery/platform/markdown';
import { resolveDocument } from '../document-input';
import { ChangeRequestLookup } from './change-request-lookup';
import { RequestedReviewersRepository } from './requested-reviewers.repository';
import type { ReviewEntity } from './review.entity';
import { toReview } from './review.mapper';
import { ReviewsRepository } from './reviews.repository';

export const NO_REVIEW = 'No matching review found';

/** Reviews of change requests: approvals and requested changes. */
@Injectable()
export class ReviewsService {
  constructor(
    private readonly lookup: ChangeRequestLookup,
    private readonly reviews: ReviewsRepository,
    private readonly requested: RequestedReviewersRepository,
    private readonly currentUsers: CurrentUsers,
    private readonly clock: Clock,
    private readonly db: DataSource,
    private readonly converter: MarkdownPool,
  ) {}

  async list(ctx: RequestContext, input: ReviewsListInput): Promise<List<ChangeRequestReview>> {
    const { cr } = await this.lookup.load(ctx, input, 'view');
    const { limit, take, after } = keysetPage(input);
    const filter = input.outdated === undefined ? {} : { outdated: { value: input.outdated, changeRequestRevision: cr.revisionId } };
    const { rows, count } = await this.reviews.list(cr.id, filter, take, after);
    const markdown = await this.commentsAsMarkdown(rows.slice(0, limit), input.format);
    return toList(
      rows,
      limit,
      count,
      (r) => [r.createdAt.toISOString(), r.id],
      (r) => toReview(r, cr, ctx.baseUrl, markdown.get(r.id)),
    );
  }

  async get(ctx: RequestContext, input: ReviewGetInput): Promise<ChangeRequestReview> {
    const { cr } = await this.lookup.load(ctx, input, 'view');
    const review = await this.reviews.find(cr.id, input.reviewId);
    if (!review) throw notFound(NO_REVIEW);
    const markdown = await this.commentsAsMarkdown([review], input.format);
    return toReview(review, cr, ctx.baseUrl, markdown.get(review.id));
  }

  /**
   * Records the caller's review of the change request's current revision. It replaces their earlier
   * review (which becomes outdated) and fulfils their review request. Authors cannot review their
   * own change request, as on other review platforms: an approval must come from someone else.
   */
  async submit(ctx: RequestContext, input: ReviewSubmitInput): Promise<ChangeRequestReview> {
    const { space, level, cr: found } = await this.lookup.load(ctx, input, 'view');
    if (!roleAtLeast(level, 'review')) throw forbidden('Reviewing needs the "review" role or higher on the space');
    const reviewer = await this.currentUsers.of(ctx);
    if (found.createdBy.id === reviewer.id) throw badRequest(`You cannot review change request #${found.number}: you created it`);
    const comment = await this.commentDocument(input.comment);
    return this.db.transaction(async (manager) => {
      const cr = await this.lookup.lockReviewable(manager, space.id, found.id);
      const request = await this.requested.find(manager, cr.id, reviewer.id);
      const now = this.clock.now();
      await this.reviews.supersede(manager, cr.id, [reviewer.id], now);
      const review: ReviewEntity = {
        id: newId(),
        changeRequestId: cr.id,
        reviewerId: reviewer.id,
        reviewer,
        requestedBy: request?.requestedBy ?? null,
        status: input.status,
        revisionId: cr.revisionId,
        commentId: comment ? newId() : null,
        comment,
        superseded: false,
        createdAt: now,
        updatedAt: now,
      };
      await this.reviews.insert(manager, review);
      if (request) await this.requested.remove(manager, cr.id, reviewer.id);
      const event: ChangeRequestReviewSubmittedEvent = {
        spaceId: space.id,
        changeRequestId: cr.id,
        reviewId: review.id,
        reviewerId: reviewer.id,
        status: review.status,
        revisionId: review.revisionId,
        at: now.toISOString(),
      };
      await addToOutbox(manager, ContentEvents.changeRequestReviewSubmitted, event);
      return toReview(review, cr, ctx.baseUrl);
    });
  }

  /**
   * The comments of `reviews` written as Markdown, by review id, when the caller asked for that
   * format: on the MarkdownPool's threads, all of one response's under one time budget, so a long
   * comment neither holds the service's event loop nor runs without bound.
   */
  private async commentsAsMarkdown(reviews: ReviewEntity[], format: DocumentFormat | undefined): Promise<Map<string, string>> {
    const written = new Map<string, string>();
    if (format !== 'markdown') return written;
    const signal = this.converter.budget();
    await Promise.all(
      reviews.map(async (review) => {
        if (review.comment) written.set(review.id, await this.converter.toMarkdown(review.comment, 'format', signal));
      }),
    );
    return written;
  }

  /** The comment's body; an empty one (`{}` or no blocks) means no comment. */
  private async commentDocument(input: DocumentInput | undefined): Promise<JsonDocument | null> {
    if (input === undefined) return null;
    const context = { pages: new Map<string, string>(), converter: this.converter, signal: this.converter.budget() };
    const { document } = await resolveDocument(input, context, 'comment');
    return document.nodes.length > 0 ? document : null;
  }
}
