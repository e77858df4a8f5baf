import { IsEntityId } from '../../common/entity-id';

export class GitSpaceParams {
  @IsEntityId()
  spaceId!: string;
}
