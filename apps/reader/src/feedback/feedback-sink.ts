// Where a visitor's "was this helpful?" rating goes: the sites service over NATS (callerless
// `sites.feedback.submit`, which rate-limits per visitor), or memory in tests and demos.
import { type PageFeedbackSubmitInput, type RequestContext, SitesSubjects } from '@bindery/contracts';
import { AppError, type ServiceClient } from '@bindery/platform';

export type FeedbackOutcome = 'accepted' | 'limited' | 'refused';

export interface FeedbackSink {
  submit(input: PageFeedbackSubmitInput): Promise<FeedbackOutcome>;
}

export class NatsFeedbackSink implements FeedbackSink {
  constructor(
    private readonly client: ServiceClient,
    private readonly context: () => RequestContext,
  ) {}

  async submit(input: PageFeedbackSubmitInput): Promise<FeedbackOutcome> {
    try {
      await this.client.send(SitesSubjects.feedbackSubmit, this.context(), input);
      return 'accepted';
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === 429) return 'limited';
      if (error.code === 400 || error.code === 404) return 'refused';
      throw error;
    }
  }
}

/** Keeps ratings in memory, one per visitor and page, at most `perVisitor` pages per visitor. */
export class MemoryFeedbackSink implements FeedbackSink {
  readonly ratings: PageFeedbackSubmitInput[] = [];

  constructor(private readonly perVisitor = 30) {}

  submit(input: PageFeedbackSubmitInput): Promise<FeedbackOutcome> {
    const mine = this.ratings.filter((r) => r.visitor === input.visitor && r.siteId === input.siteId);
    const earlier = mine.findIndex((r) => r.pageId === input.pageId);
    if (earlier < 0 && mine.length >= this.perVisitor) return Promise.resolve('limited');
    if (earlier >= 0) this.ratings.splice(this.ratings.indexOf(mine[earlier]), 1);
    this.ratings.push(input);
    return Promise.resolve('accepted');
  }
}
