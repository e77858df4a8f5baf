import type { IssuesClustersRpc } from './clusters';
import type { ConversationRecordsRpc } from './conversations';
import type { ConversationIssuesRpc } from './issues';

export * from './subjects';
export * from './conversations';
export * from './issues';
export * from './clusters';

/** Every request/reply subject conversations answers, with its input and result. */
export interface ConversationsRpc extends ConversationRecordsRpc, ConversationIssuesRpc, IssuesClustersRpc {}
