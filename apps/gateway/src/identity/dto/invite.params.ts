import { IsEntityId } from '../../common/entity-id';

export class InviteParams {
  @IsEntityId()
  organizationId!: string;

  @IsEntityId()
  inviteId!: string;
}
