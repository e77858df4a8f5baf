import type { List, PageQuery } from '../pagination';

/** Request subjects of the conversations context (`conversations.<aggregate>.<verb>`). */
export const ConversationsSubjects = {
  conversationIngest: 'conversations.conversation.ingest',
  conversationList: 'conversations.conversation.list',
  conversationGet: 'conversations.conversation.get',
  issueList: 'conversations.issue.list',
  issueGet: 'conversations.issue.get',
  clusterList: 'conversations.cluster.list',
  clusterGet: 'conversations.cluster.get',
} as const;

/** Roles of a message part (official ConversationPartMessage). */
export const CONVERSATION_ROLES = ['user', 'assistant', 'team-member'] as const;
export type ConversationRole = (typeof CONVERSATION_ROLES)[number];

export interface ConversationPart {
  type: 'message';
  role: ConversationRole;
  body: string;
}

export interface ConversationMetadata {
  url?: string;
  attributes?: Record<string, string>;
  createdAt?: string;
}

/** One conversation as ingested (official ConversationInput). */
export interface ConversationInput {
  id: string;
  metadata?: ConversationMetadata;
  subject?: string;
  parts: ConversationPart[];
}

export interface ConversationIngestInput {
  organizationId: string;
  conversations: ConversationInput[];
}

/** `object: conversation`. `source` is `email` or `integration:<a>:<b>` (official ConversationSource). */
export interface Conversation {
  object: 'conversation';
  id: string;
  subject?: string;
  createdAt: string;
  processedAt?: string;
  source: string;
  urls: { location: string; source?: string };
}

export interface ConversationIssue {
  object: 'conversation-issue';
  id: string;
  title: string;
  summary: string;
  createdAt: string;
  ingestedAt: string;
  conversation: string;
  cluster?: string;
  urls: { location: string };
}

export interface IssuesCluster {
  object: 'issues-cluster';
  id: string;
  label: string;
  createdAt: string;
  updatedAt: string;
  icon: string;
  summary: string;
  /** Issues per week, oldest first, the last entry being the current week: 13 entries. */
  weeklyPulse: number[];
  sources: Record<string, number>;
  stats: {
    issues: number;
    conversations: number;
    tasksTotal: number;
    tasksBacklog: number;
    tasksStarted: number;
    tasksCompleted: number;
    tasksCancelled: number;
  };
  urls: { location: string; app: string };
}

export interface IssueWithConversation {
  issue: ConversationIssue;
  conversation: Conversation;
}

export interface ConversationWithParts {
  conversation: Conversation;
  parts: ConversationPart[];
  metadata: ConversationMetadata;
}

export const CLUSTER_SORTS = ['updatedAt', 'issues', 'conversations', 'tasksTotal', 'tasksBacklog', 'tasksStarted'] as const;
export type ClusterSort = (typeof CLUSTER_SORTS)[number];
export const CLUSTER_STATUSES = ['pending', 'analysing'] as const;

export interface OrganizationScoped {
  organizationId: string;
}
export interface ConversationListInput extends OrganizationScoped, PageQuery {
  source?: string;
}
export interface ConversationGetInput extends OrganizationScoped {
  conversationId: string;
}
export interface IssueListInput extends OrganizationScoped, PageQuery {
  cluster?: string;
  conversation?: string;
}
export interface IssueGetInput extends OrganizationScoped {
  issueId: string;
}
export interface ClusterListInput extends OrganizationScoped, PageQuery {
  order?: 'asc' | 'desc';
  orderBy?: ClusterSort;
  status?: (typeof CLUSTER_STATUSES)[number];
}
export interface ClusterGetInput extends OrganizationScoped {
  clusterId: string;
}

/** Ingestion answers nothing (204); `{}` on the wire. */
export type ConversationIngestResult = Record<string, never>;

export interface ConversationsRpc {
  [ConversationsSubjects.conversationIngest]: { input: ConversationIngestInput; result: ConversationIngestResult };
  [ConversationsSubjects.conversationList]: { input: ConversationListInput; result: List<Conversation> };
  [ConversationsSubjects.conversationGet]: { input: ConversationGetInput; result: ConversationWithParts };
  [ConversationsSubjects.issueList]: { input: IssueListInput; result: List<IssueWithConversation> };
  [ConversationsSubjects.issueGet]: { input: IssueGetInput; result: IssueWithConversation };
  [ConversationsSubjects.clusterList]: { input: ClusterListInput; result: List<IssuesCluster> };
  [ConversationsSubjects.clusterGet]: { input: ClusterGetInput; result: IssuesCluster };
}
