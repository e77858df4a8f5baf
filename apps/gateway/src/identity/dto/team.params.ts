import { IsEntityId } from '../../common/entity-id';

export class TeamParams {
  @IsEntityId()
  organizationId!: string;

  @IsEntityId()
  teamId!: string;
}

export class TeamMemberParams extends TeamParams {
  @IsEntityId()
  userId!: string;
}
