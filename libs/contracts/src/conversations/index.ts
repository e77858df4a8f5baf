import type { IssuesClustersRpc } from './clusters';
import type { ConversationRecordsRpc } from './conversations';
import type { ConversationIssuesRpc } from './issues';
import type { ConversationsSettingsRpc } from './settings';

export * from './subjects';
export * from './conversations';
export * from './issues';
export * from './clusters';
export * from './settings';

/** Every request/reply subject conversations answers, with its input and result. */
export interface ConversationsRpc extends ConversationRecordsRpc, ConversationIssuesRpc, IssuesClustersRpc, ConversationsSettingsRpc {}
