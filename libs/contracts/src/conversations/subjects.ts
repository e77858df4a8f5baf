import { healthSubject } from '../health';

/** Request subjects of the conversations context (`conversations.<aggregate>.<verb>`). */
export const ConversationsSubjects = {
  health: healthSubject('conversations'),
  conversationIngest: 'conversations.conversation.ingest',
  conversationList: 'conversations.conversation.list',
  conversationGet: 'conversations.conversation.get',
  issueList: 'conversations.issue.list',
  issueGet: 'conversations.issue.get',
  clusterList: 'conversations.cluster.list',
  clusterGet: 'conversations.cluster.get',
  settingsGet: 'conversations.settings.get',
  settingsUpdate: 'conversations.settings.update',
} as const;
