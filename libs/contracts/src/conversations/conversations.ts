import type { List, PageQuery } from '../pagination';
import type { ConversationsSubjects } from './subjects';

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

export interface ConversationWithParts {
  conversation: Conversation;
  parts: ConversationPart[];
  metadata: ConversationMetadata;
}

export interface OrganizationScoped {
  organizationId: string;
}
export interface ConversationListInput extends OrganizationScoped, PageQuery {
  source?: string;
}
export interface ConversationGetInput extends OrganizationScoped {
  conversationId: string;
}
/** Ingestion answers nothing (204); `{}` on the wire. */
export type ConversationIngestResult = Record<string, never>;

export interface ConversationRecordsRpc {
  [ConversationsSubjects.conversationIngest]: { input: ConversationIngestInput; result: ConversationIngestResult };
  [ConversationsSubjects.conversationList]: { input: ConversationListInput; result: List<Conversation> };
  [ConversationsSubjects.conversationGet]: { input: ConversationGetInput; result: ConversationWithParts };
}
