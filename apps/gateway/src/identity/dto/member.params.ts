import { IsEntityId } from '../../common/entity-id';

export class MemberParams {
  @IsEntityId()
  organizationId!: string;

  @IsEntityId()
  userId!: string;
}
