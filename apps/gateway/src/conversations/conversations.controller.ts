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
import { ServiceClient } from '@bindery/platform/nest';
import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { Ctx } from '../common/request-context.decorator';
import { UpdateConversationsSettingsRequest } from './dto/conversations-settings.request';
import { ClusterParams, ConversationParams, IssueParams, OrganizationParams } from './dto/conversations.params';
import { ListClustersQuery, ListConversationsQuery, ListIssuesQuery } from './dto/conversations.query';
import { parseIngestBody } from './dto/ingest-conversation.request';

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
  list(
    @Ctx() ctx: RequestContext,
    @Param() params: OrganizationParams,
    @Query() query: ListConversationsQuery,
  ): Promise<List<Conversation>> {
    return this.services.send(ConversationsSubjects.conversationList, ctx, { ...query, organizationId: params.organizationId });
  }

  @Get('conversations/:conversationId')
  get(@Ctx() ctx: RequestContext, @Param() params: ConversationParams): Promise<ConversationWithParts> {
    return this.services.send(ConversationsSubjects.conversationGet, ctx, { ...params });
  }

  @Get('conversations-issues')
  issues(
    @Ctx() ctx: RequestContext,
    @Param() params: OrganizationParams,
    @Query() query: ListIssuesQuery,
  ): Promise<List<IssueWithConversation>> {
    return this.services.send(ConversationsSubjects.issueList, ctx, { ...query, organizationId: params.organizationId });
  }

  @Get('conversations-issues/:issueId')
  issue(@Ctx() ctx: RequestContext, @Param() params: IssueParams): Promise<IssueWithConversation> {
    return this.services.send(ConversationsSubjects.issueGet, ctx, { ...params });
  }

  @Get('conversations-clusters')
  clusters(
    @Ctx() ctx: RequestContext,
    @Param() params: OrganizationParams,
    @Query() query: ListClustersQuery,
  ): Promise<List<IssuesCluster>> {
    return this.services.send(ConversationsSubjects.clusterList, ctx, { ...query, organizationId: params.organizationId });
  }

  /** GET …/conversations-clusters/{clusterId} (0.146.0): the id of a cluster merged away resolves to the one it joined. */
  @Get('conversations-clusters/:clusterId')
  cluster(@Ctx() ctx: RequestContext, @Param() params: ClusterParams): Promise<IssuesCluster> {
    return this.services.send(ConversationsSubjects.clusterGet, ctx, { ...params });
  }

  /** GET …/conversations-settings (Bindery's own): the organization's embedding engine and the ones the operator offers. */
  @Get('conversations-settings')
  settings(@Ctx() ctx: RequestContext, @Param() params: OrganizationParams): Promise<ConversationsSettings> {
    return this.services.send(ConversationsSubjects.settingsGet, ctx, { organizationId: params.organizationId });
  }

  /** PUT …/conversations-settings (admins): picks an operator-configured embedding endpoint by name, or null. */
  @Put('conversations-settings')
  updateSettings(
    @Ctx() ctx: RequestContext,
    @Param() params: OrganizationParams,
    @Body() body: UpdateConversationsSettingsRequest,
  ): Promise<ConversationsSettings> {
    return this.services.send(ConversationsSubjects.settingsUpdate, ctx, {
      organizationId: params.organizationId,
      embeddings: body.embeddings,
    });
  }
}
