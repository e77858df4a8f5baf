import { CLUSTER_SORTS, CLUSTER_STATUSES, type ClusterSort } from '@bindery/contracts';
import { IsIn, IsOptional, IsString, Length, Matches } from 'class-validator';
import { PageQuery } from '../../common/page.query';

/** GET …/conversations-clusters: the official `order`, `orderBy` (the sort selector) and `status`. */
export class ListClustersQuery extends PageQuery {
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';

  @IsOptional()
  @IsIn([...CLUSTER_SORTS])
  orderBy?: ClusterSort;

  @IsOptional()
  @IsIn([...CLUSTER_STATUSES])
  status?: (typeof CLUSTER_STATUSES)[number];
}

/** GET …/conversations: filter by source (official ConversationSource: `email` or `integration:<a>:<b>`). */
export class ListConversationsQuery extends PageQuery {
  @IsOptional()
  @IsString()
  @Matches(/^(email|integration:[^:]+:[^:]+)$/, { message: 'source must be "email" or "integration:<name>:<id>"' })
  @Length(1, 255)
  source?: string;
}

/** GET …/conversations-issues: filter by cluster and by conversation. */
export class ListIssuesQuery extends PageQuery {
  @IsOptional()
  @IsString()
  @Length(1, 64)
  cluster?: string;

  @IsOptional()
  @IsString()
  @Length(1, 255)
  conversation?: string;
}
