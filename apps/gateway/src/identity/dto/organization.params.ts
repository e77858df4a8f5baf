import { IsEntityId } from '../../common/entity-id';

export class OrganizationParams {
  @IsEntityId()
  organizationId!: string;
}
