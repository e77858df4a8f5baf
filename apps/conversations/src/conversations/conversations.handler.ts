import { ConversationsSubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ConversationsService } from './conversations.service';
import { SettingsService } from './settings.service';

const S = ConversationsSubjects;

@Controller()
export class ConversationsHandler {
  constructor(
    private readonly conversations: ConversationsService,
    private readonly settings: SettingsService,
  ) {}

  @MessagePattern(S.conversationIngest)
  async ingest(@Payload() { ctx, data }: RpcEnvelope<typeof S.conversationIngest>): Promise<RpcResult<typeof S.conversationIngest>> {
    await this.conversations.ingest(ctx, data);
    return {};
  }

  @MessagePattern(S.conversationList)
  list(@Payload() { ctx, data }: RpcEnvelope<typeof S.conversationList>): Promise<RpcResult<typeof S.conversationList>> {
    return this.conversations.list(ctx, data);
  }

  @MessagePattern(S.conversationGet)
  get(@Payload() { ctx, data }: RpcEnvelope<typeof S.conversationGet>): Promise<RpcResult<typeof S.conversationGet>> {
    return this.conversations.get(ctx, data);
  }

  @MessagePattern(S.issueList)
  issues(@Payload() { ctx, data }: RpcEnvelope<typeof S.issueList>): Promise<RpcResult<typeof S.issueList>> {
    return this.conversations.listIssues(ctx, data);
  }

  @MessagePattern(S.issueGet)
  issue(@Payload() { ctx, data }: RpcEnvelope<typeof S.issueGet>): Promise<RpcResult<typeof S.issueGet>> {
    return this.conversations.getIssue(ctx, data);
  }

  @MessagePattern(S.clusterList)
  clusters(@Payload() { ctx, data }: RpcEnvelope<typeof S.clusterList>): Promise<RpcResult<typeof S.clusterList>> {
    return this.conversations.listClusters(ctx, data);
  }

  @MessagePattern(S.clusterGet)
  cluster(@Payload() { ctx, data }: RpcEnvelope<typeof S.clusterGet>): Promise<RpcResult<typeof S.clusterGet>> {
    return this.conversations.getCluster(ctx, data);
  }

  @MessagePattern(S.settingsGet)
  getSettings(@Payload() { ctx, data }: RpcEnvelope<typeof S.settingsGet>): Promise<RpcResult<typeof S.settingsGet>> {
    return this.settings.get(ctx, data);
  }

  @MessagePattern(S.settingsUpdate)
  updateSettings(@Payload() { ctx, data }: RpcEnvelope<typeof S.settingsUpdate>): Promise<RpcResult<typeof S.settingsUpdate>> {
    return this.settings.update(ctx, data);
  }
}
