import { ConversationsSubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ConversationsService } from './conversations.service';

type S = typeof ConversationsSubjects;

@Controller()
export class ConversationsHandler {
  constructor(private readonly conversations: ConversationsService) {}

  @MessagePattern(ConversationsSubjects.conversationIngest)
  async ingest(@Payload() { ctx, data }: RpcEnvelope<S['conversationIngest']>): Promise<RpcResult<S['conversationIngest']>> {
    await this.conversations.ingest(ctx, data);
    return {};
  }

  @MessagePattern(ConversationsSubjects.conversationList)
  list(@Payload() { ctx, data }: RpcEnvelope<S['conversationList']>): Promise<RpcResult<S['conversationList']>> {
    return this.conversations.list(ctx, data);
  }

  @MessagePattern(ConversationsSubjects.conversationGet)
  get(@Payload() { ctx, data }: RpcEnvelope<S['conversationGet']>): Promise<RpcResult<S['conversationGet']>> {
    return this.conversations.get(ctx, data);
  }

  @MessagePattern(ConversationsSubjects.issueList)
  issues(@Payload() { ctx, data }: RpcEnvelope<S['issueList']>): Promise<RpcResult<S['issueList']>> {
    return this.conversations.listIssues(ctx, data);
  }

  @MessagePattern(ConversationsSubjects.issueGet)
  issue(@Payload() { ctx, data }: RpcEnvelope<S['issueGet']>): Promise<RpcResult<S['issueGet']>> {
    return this.conversations.getIssue(ctx, data);
  }

  @MessagePattern(ConversationsSubjects.clusterList)
  clusters(@Payload() { ctx, data }: RpcEnvelope<S['clusterList']>): Promise<RpcResult<S['clusterList']>> {
    return this.conversations.listClusters(ctx, data);
  }

  @MessagePattern(ConversationsSubjects.clusterGet)
  cluster(@Payload() { ctx, data }: RpcEnvelope<S['clusterGet']>): Promise<RpcResult<S['clusterGet']>> {
    return this.conversations.getCluster(ctx, data);
  }
}
