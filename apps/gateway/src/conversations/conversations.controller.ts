import {
  type Conversation,
  type ConversationsSettings,
  ConversationsSubjects,
  type ConversationWithParts,
  type IssuesCluster,
  type IssueWithConversation,
  type List,
  type RequestContext,
} from '@bindery/contracts';
import { type JsonBytes, ServiceClient } from '@bindery/platform/nest';
import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { Ctx } from '../common/request-context.decorator';
import { UpdateConversationsSettingsRequest } from './dto/conversations-settings.request';
import { ClusterParams, ConversationParams, IssueParams, OrganizationParams } from './dto/conversations.params';
import { ListClustersQuery, ListConversationsQuery, ListIssuesQuery } from './dto/conversations.query';
import { parseIngestBody } from './dto/ingest-conversation.request';
import { Relayed } from '../common/relayed.decorator';

/** Conversations of an organization: ingestion (processed by the conversations worker), issues, clusters. */
@Controller('v1/orgs/:organizationId')
export class ConversationsController {
  constructor(private readonly services: ServiceClient) {}

  /** POST …/conversations — stored at once, turned into issues and clustered by a durable job: 204. */
  @Post('conversations')
  @HttpCode(204)
  async ingest(@Ctx() ctx: RequestContext, @Param() params: OrganizationParams, @Body() body: unknown): Promise<void> {
    const conversations = parseIngestBody(body);
    await this.services.send(ConversationsSubjects.conversationIngest, ctx, { organizationId: params.organizationId, conversations });
  }

  @Get('conversations')
  @Relayed()
  list(
    @Ctx() ctx: RequestContext,
    @Param() params: OrganizationParams,
    @Query() query: ListConversationsQuery,
  ): Promise<JsonBytes<List<Conversation>>> {
    return this.services.relay(ConversationsSubjects.conversationList, ctx, { ...query, organizationId: params.organizationId });
  }

  @Get('conversations/:conversationId')
  @Relayed()
  get(@Ctx() ctx: RequestContext, @Param() params: ConversationParams): Promise<JsonBytes<ConversationWithParts>> {
    return this.services.relay(ConversationsSubjects.conversationGet, ctx, { ...params });
  }

  @Get('conversations-issues')
  @Relayed()
  issues(
    @Ctx() ctx: RequestContext,
    @Param() params: OrganizationParams,
    @Query() query: ListIssuesQuery,
  ): Promise<JsonBytes<List<IssueWithConversation>>> {
    return this.services.relay(ConversationsSubjects.issueList, ctx, { ...query, organizationId: params.organizationId });
  }

  @Get('conversations-issues/:issueId')
  @Relayed()
  issue(@Ctx() ctx: RequestContext, @Param() params: IssueParams): Promise<JsonBytes<IssueWithConversation>> {
    return this.services.relay(ConversationsSubjects.issueGet, ctx, { ...params });
  }

  @Get('conversations-clusters')
  @Relayed()
  clusters(
    @Ctx() ctx: RequestContext,
    @Param() params: OrganizationParams,
    @Query() query: ListClustersQuery,
  ): Promise<JsonBytes<List<IssuesCluster>>> {
    return this.services.relay(ConversationsSubjects.clusterList, ctx, { ...query, organizationId: params.organizationId });
  }

  /** GET …/conversations-clusters/{clusterId} (0.146.0): the id of a cluster merged away resolves to the one it joined. */
  @Get('conversations-clusters/:clusterId')
  @Relayed()
  cluster(@Ctx() ctx: RequestContext, @Param() params: ClusterParams): Promise<JsonBytes<IssuesCluster>> {
    return this.services.relay(ConversationsSubjects.clusterGet, ctx, { ...params });
  }

  /** GET …/conversations-settings (Bindery's own): the organization's embedding engine and the ones the operator offers. */
  @Get('conversations-settings')
  @Relayed()
  settings(@Ctx() ctx: RequestContext, @Param() params: OrganizationParams): Promise<JsonBytes<ConversationsSettings>> {
    return this.services.relay(ConversationsSubjects.settingsGet, ctx, { organizationId: params.organizationId });
  }

  /** PUT …/conversations-settings (admins): picks an operator-configured embedding endpoint by name, or null. */
  @Put('conversations-settings')
  @Relayed()
  updateSettings(
    @Ctx() ctx: RequestContext,
    @Param() params: OrganizationParams,
    @Body() body: UpdateConversationsSettingsRequest,
  ): Promise<JsonBytes<ConversationsSettings>> {
    return this.services.relay(ConversationsSubjects.settingsUpdate, ctx, {
      organizationId: params.organizationId,
      embeddings: body.embeddings,
    });
  }
}
