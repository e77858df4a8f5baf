import type { Conversation, ConversationIssue, ConversationWithParts, IssuesCluster } from '@bindery/contracts';
import type { ClusterRow, ConversationRow, IssueRow } from './conversation-rows';

const orgBase = (baseUrl: string, organizationId: string): string => `${baseUrl}/v1/orgs/${organizationId}`;

/** `urls.source` is the caller's `metadata.url` when it is an absolute http(s) URL (the official format is uri). */
function sourceUrl(url: string | null): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

export function toConversation(row: ConversationRow, baseUrl: string): Conversation {
  const source = sourceUrl(row.url);
  return {
    object: 'conversation',
    id: row.id,
    ...(row.subject !== null ? { subject: row.subject } : {}),
    createdAt: row.created_at.toISOString(),
    ...(row.processed_at ? { processedAt: row.processed_at.toISOString() } : {}),
    source: row.source,
    urls: {
      location: `${orgBase(baseUrl, row.organization_id)}/conversations/${encodeURIComponent(row.id)}`,
      ...(source ? { source } : {}),
    },
  };
}

export function toConversationWithParts(row: ConversationRow, baseUrl: string): ConversationWithParts {
  return {
    conversation: toConversation(row, baseUrl),
    parts: row.parts,
    metadata: {
      ...(row.url !== null ? { url: row.url } : {}),
      attributes: row.attributes,
      createdAt: row.created_at.toISOString(),
    },
  };
}

export function toIssue(row: IssueRow, organizationId: string, baseUrl: string): ConversationIssue {
  return {
    object: 'conversation-issue',
    id: row.id,
    title: row.title,
    summary: row.summary,
    createdAt: row.created_at.toISOString(),
    ingestedAt: row.ingested_at.toISOString(),
    conversation: row.conversation_id,
    ...(row.cluster_id ? { cluster: row.cluster_id } : {}),
    urls: { location: `${orgBase(baseUrl, organizationId)}/conversations-issues/${row.id}` },
  };
}

export function toCluster(row: ClusterRow, weeklyPulse: number[], organizationId: string, baseUrl: string): IssuesCluster {
  return {
    object: 'issues-cluster',
    id: row.id,
    label: row.label,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    icon: row.icon,
    summary: row.summary,
    weeklyPulse,
    sources: row.sources,
    // No tasks are made from clusters here: the task counters are 0.
    stats: {
      issues: row.issues,
      conversations: row.conversations,
      tasksTotal: 0,
      tasksBacklog: 0,
      tasksStarted: 0,
      tasksCompleted: 0,
      tasksCancelled: 0,
    },
    urls: {
      location: `${orgBase(baseUrl, organizationId)}/conversations-clusters/${row.id}`,
      app: `${baseUrl}/o/${organizationId}/insights/clusters/${row.id}`,
    },
  };
}
