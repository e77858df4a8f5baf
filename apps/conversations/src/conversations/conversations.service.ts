import { createHash } from 'node:crypto';
import {
  type ClusterGetInput,
  type ClusterListInput,
  type Conversation,
  type ConversationGetInput,
  type ConversationIngestInput,
  type ConversationInput,
  type ConversationListInput,
  type ConversationWithParts,
  type IssueGetInput,
  type IssueListInput,
  type IssuesCluster,
  type IssueWithConversation,
  type List,
  type RequestContext,
} from '@bindery/contracts';
import { badRequest, keysetPage, logger, notFound, OrganizationAccessClient, toList } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { pulseWeeks } from '../engine/process-batch';
import type { ClusterRow, NewConversation } from './conversation-rows';
import { toCluster, toConversation, toConversationWithParts, toIssue } from './conversation.mapper';
import { ConversationsRepository } from './conversations.repository';
import { ProcessingTrigger } from './processing-trigger';

/** A message body is kept up to this many characters; the rest is cut and the cut is said in the body. */
export const MESSAGE_MAX_CHARS = 32_768;
export const TRUNCATION_NOTE = `\n\n[truncated by Bindery: messages are kept up to ${MESSAGE_MAX_CHARS} characters]`;
/** The source of a conversation whose `metadata.attributes.source` does not name one. */
export const DEFAULT_SOURCE = 'integration:api:ingest';
const SOURCE_PATTERN = /^(email|integration:[^:]+:[^:]+)$/;

@Injectable()
export class ConversationsService {
  constructor(
    private readonly access: OrganizationAccessClient,
    private readonly repository: ConversationsRepository,
    private readonly processing: ProcessingTrigger,
  ) {}

  /**
   * Stores the conversations and queues their processing; answers before any processing. An id
   * already stored is left as it is (the first ingestion wins; a different content is logged).
   * The request's durable work is the insert; the job is queued after it commits, once per
   * organization and window (a crash in between is caught by the trigger's sweep).
   */
  async ingest(ctx: RequestContext, input: ConversationIngestInput): Promise<void> {
    await this.access.require(ctx, input.organizationId, 'conversations.ingest');
    const now = new Date();
    const byId = new Map<string, NewConversation>();
    input.conversations.forEach((conversation, index) => {
      const prepared = prepare(conversation, now, input.conversations.length > 1 ? `[${index}].` : '');
      // Within one request too, the first occurrence of an id wins.
      if (!byId.has(prepared.id)) byId.set(prepared.id, prepared);
    });
    const conversations = [...byId.values()];
    const { inserted, existing } = await this.repository.ingest(input.organizationId, conversations);
    if (inserted.size > 0) await this.processing.ingested(input.organizationId);
    for (const conversation of conversations) {
      const stored = existing.get(conversation.id);
      if (stored !== undefined && stored !== conversation.contentHash) {
        logger.info(
          { organizationId: input.organizationId, conversationId: conversation.id },
          'conversation id already ingested with other content: the first ingestion is kept',
        );
      }
    }
  }

  async list(ctx: RequestContext, input: ConversationListInput): Promise<List<Conversation>> {
    await this.access.require(ctx, input.organizationId, 'conversations.read');
    const page = keysetPage(input, 1);
    const { rows, count } = await this.repository.conversations(input.organizationId, input.source, page);
    return toList(
      rows,
      page.limit,
      count,
      (r) => [r.seq],
      (r) => toConversation(r, ctx.baseUrl),
    );
  }

  async get(ctx: RequestContext, input: ConversationGetInput): Promise<ConversationWithParts> {
    await this.access.require(ctx, input.organizationId, 'conversations.read');
    const row = await this.repository.conversation(input.organizationId, input.conversationId);
    if (!row) throw notFound('Conversation not found');
    return toConversationWithParts(row, ctx.baseUrl);
  }

  async listIssues(ctx: RequestContext, input: IssueListInput): Promise<List<IssueWithConversation>> {
    await this.access.require(ctx, input.organizationId, 'conversations.read');
    const page = keysetPage(input, 1);
    let clusterId: string | undefined;
    if (input.cluster !== undefined) {
      // A merged cluster's old id lists the issues of the cluster it joined.
      clusterId = await this.repository.resolveClusterId(input.organizationId, input.cluster);
      if (!clusterId) return { count: 0, items: [] };
    }
    const { rows, count } = await this.repository.issues(input.organizationId, { clusterId, conversationId: input.conversation }, page);
    const conversations = await this.repository.conversationsByIds(input.organizationId, [...new Set(rows.map((r) => r.conversation_id))]);
    return toList(
      rows,
      page.limit,
      count,
      (r) => [r.seq],
      (r) => ({
        issue: toIssue(r, input.organizationId, ctx.baseUrl),
        conversation: toConversation(conversations.get(r.conversation_id)!, ctx.baseUrl),
      }),
    );
  }

  async getIssue(ctx: RequestContext, input: IssueGetInput): Promise<IssueWithConversation> {
    await this.access.require(ctx, input.organizationId, 'conversations.read');
    const row = await this.repository.issue(input.organizationId, input.issueId);
    if (!row) throw notFound('Conversation issue not found');
    const conversation = await this.repository.conversation(input.organizationId, row.conversation_id);
    return { issue: toIssue(row, input.organizationId, ctx.baseUrl), conversation: toConversation(conversation!, ctx.baseUrl) };
  }

  async listClusters(ctx: RequestContext, input: ClusterListInput): Promise<List<IssuesCluster>> {
    await this.access.require(ctx, input.organizationId, 'conversations.read');
    const page = keysetPage(input, 2);
    const sort = input.orderBy ?? 'updatedAt';
    const { rows, count } = await this.repository.clusters(input.organizationId, sort, input.order ?? 'desc', page, input.status);
    const pulses = await this.pulses(rows.slice(0, page.limit));
    return toList(
      rows,
      page.limit,
      count,
      (r) => [
        sort === 'updatedAt' ? r.updated_at.toISOString() : sort === 'issues' ? r.issues : sort === 'conversations' ? r.conversations : 0,
        r.id,
      ],
      (r) => toCluster(r, pulses.get(r.id)!, input.organizationId, ctx.baseUrl),
    );
  }

  async getCluster(ctx: RequestContext, input: ClusterGetInput): Promise<IssuesCluster> {
    await this.access.require(ctx, input.organizationId, 'conversations.read');
    const row = await this.repository.cluster(input.organizationId, input.clusterId);
    if (!row) throw notFound('Conversations issues cluster not found');
    const pulses = await this.pulses([row]);
    return toCluster(row, pulses.get(row.id)!, input.organizationId, ctx.baseUrl);
  }

  /** Issues per week over the 13 weeks ending with the current one (by the conversations' `createdAt`). */
  private async pulses(rows: ClusterRow[]): Promise<Map<string, number[]>> {
    const weeks = pulseWeeks(new Date());
    const index = new Map(weeks.map((week, i) => [week, i]));
    const pulses = new Map(rows.map((r) => [r.id, new Array<number>(weeks.length).fill(0)]));
    for (const { cluster_id, week, issues } of await this.repository.weeks([...pulses.keys()], weeks[0])) {
      const i = index.get(week);
      if (i !== undefined) pulses.get(cluster_id)![i] = issues;
    }
    return pulses;
  }
}

/** Normalises one validated conversation for storage: source, date, capped message bodies, content hash. */
export function prepare(input: ConversationInput, now: Date, fieldPrefix = ''): NewConversation {
  const attributes = input.metadata?.attributes ?? {};
  const source = attributes.source ?? DEFAULT_SOURCE;
  if (!SOURCE_PATTERN.test(source)) {
    throw badRequest(`${fieldPrefix}metadata.attributes.source: must be "email" or "integration:<name>:<id>"`);
  }
  const parts = input.parts.map((part) => ({
    type: 'message' as const,
    role: part.role,
    body: part.body.length > MESSAGE_MAX_CHARS ? part.body.slice(0, MESSAGE_MAX_CHARS) + TRUNCATION_NOTE : part.body,
  }));
  const createdAt = input.metadata?.createdAt ? new Date(input.metadata.createdAt) : now;
  if (Number.isNaN(createdAt.getTime())) throw badRequest(`${fieldPrefix}metadata.createdAt: must be a date-time`);
  const stored = { id: input.id, source, subject: input.subject ?? null, url: input.metadata?.url ?? null, attributes, parts, createdAt };
  const contentHash = createHash('sha256')
    .update(JSON.stringify({ ...stored, createdAt: input.metadata?.createdAt ?? null }))
    .digest('hex');
  return { ...stored, contentHash };
}
