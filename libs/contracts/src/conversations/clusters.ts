import type { List, PageQuery } from '../pagination';
import type { OrganizationScoped } from './conversations';
import type { ConversationsSubjects } from './subjects';

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

export const CLUSTER_SORTS = ['updatedAt', 'issues', 'conversations', 'tasksTotal', 'tasksBacklog', 'tasksStarted'] as const;
export type ClusterSort = (typeof CLUSTER_SORTS)[number];
export const CLUSTER_STATUSES = ['pending', 'analysing'] as const;

export interface ClusterListInput extends OrganizationScoped, PageQuery {
  order?: 'asc' | 'desc';
  orderBy?: ClusterSort;
  status?: (typeof CLUSTER_STATUSES)[number];
}
export interface ClusterGetInput extends OrganizationScoped {
  clusterId: string;
}

export interface IssuesClustersRpc {
  [ConversationsSubjects.clusterList]: { input: ClusterListInput; result: List<IssuesCluster> };
  [ConversationsSubjects.clusterGet]: { input: ClusterGetInput; result: IssuesCluster };
}
