import { IsString, Length } from 'class-validator';
import { IsEntityId } from '../../common/entity-id';

export class OrganizationParams {
  @IsEntityId()
  organizationId!: string;
}

export class ConversationParams {
  @IsEntityId()
  organizationId!: string;

  /** The caller's own id (1..255 characters, any but what a path segment cannot hold). */
  @IsString()
  @Length(1, 255)
  conversationId!: string;
}

export class IssueParams {
  @IsEntityId()
  organizationId!: string;

  @IsEntityId()
  issueId!: string;
}

export class ClusterParams {
  @IsEntityId()
  organizationId!: string;

  @IsEntityId()
  clusterId!: string;
}
