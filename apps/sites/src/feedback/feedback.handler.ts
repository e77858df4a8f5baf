import { type RpcEnvelope, type RpcResult, SitesSubjects } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { FeedbackService } from './feedback.service';

const S = SitesSubjects;

@Controller()
export class FeedbackHandler {
  constructor(private readonly feedback: FeedbackService) {}

  @MessagePattern(S.feedbackSubmit)
  submit(@Payload() { data }: RpcEnvelope<typeof S.feedbackSubmit>): Promise<RpcResult<typeof S.feedbackSubmit>> {
    return this.feedback.submit(data);
  }

  @MessagePattern(S.feedbackList)
  list(@Payload() { ctx, data }: RpcEnvelope<typeof S.feedbackList>): Promise<RpcResult<typeof S.feedbackList>> {
    return this.feedback.list(ctx, data);
  }
}
