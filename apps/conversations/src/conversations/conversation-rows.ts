import type { ConversationPart } from '@bindery/contracts';

export interface ConversationRow {
  organization_id: string;
  id: string;
  seq: string;
  source: string;
  subject: string | null;
  url: string | null;
  attributes: Record<string, string>;
  parts: ConversationPart[];
  created_at: Date;
  ingested_at: Date;
  processed_at: Date | null;
}

export interface IssueRow {
  id: string;
  seq: string;
  conversation_id: string;
  title: string;
  summary: string;
  cluster_id: string | null;
  created_at: Date;
  ingested_at: Date;
}

export interface ClusterRow {
  id: string;
  label: string;
  summary: string;
  icon: string;
  issues: number;
  conversations: number;
  sources: Record<string, number>;
  created_at: Date;
  updated_at: Date;
}

/** A conversation to store, as the service prepared it. */
export interface NewConversation {
  id: string;
  source: string;
  subject: string | null;
  url: string | null;
  attributes: Record<string, string>;
  parts: ConversationPart[];
  contentHash: string;
  createdAt: Date;
}
