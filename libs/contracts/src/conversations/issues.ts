import type { List, PageQuery } from '../pagination';
import type { Conversation, OrganizationScoped } from './conversations';
import type { ConversationsSubjects } from './subjects';

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

export interface IssueWithConversation {
  issue: ConversationIssue;
  conversation: Conversation;
}

export interface IssueListInput extends OrganizationScoped, PageQuery {
  cluster?: string;
  conversation?: string;
}
export interface IssueGetInput extends OrganizationScoped {
  issueId: string;
}
export interface ConversationIssuesRpc {
  [ConversationsSubjects.issueList]: { input: IssueListInput; result: List<IssueWithConversation> };
  [ConversationsSubjects.issueGet]: { input: IssueGetInput; result: IssueWithConversation };
}
