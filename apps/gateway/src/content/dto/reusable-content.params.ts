import { IsOptional, IsIn } from 'class-validator';
import { IsEntityId } from '../../common/entity-id';
import { ChangeRequestParams, SpaceParams } from './content.params';

export class SpaceReusableContentParams extends SpaceParams {
  @IsEntityId()
  reusableContentId!: string;
}

export class ChangeRequestReusableContentParams extends ChangeRequestParams {
  @IsEntityId()
  reusableContentId!: string;
}

export class RevisionReusableContentParams extends SpaceParams {
  @IsEntityId()
  revisionId!: string;

  @IsEntityId()
  reusableContentId!: string;
}

/** `evaluated` and `dereferenced` of a document read (official parameters; a reusable content's body is returned as stored). */
export class DocumentReadQuery {
  @IsOptional()
  @IsIn(['true', 'false', 'deterministic-only'], { message: 'evaluated must be one of true, false, deterministic-only' })
  evaluated?: string;

  @IsOptional()
  @IsIn(['true', 'false', 'reusable-contents'], { message: 'dereferenced must be one of true, false, reusable-contents' })
  dereferenced?: string;
}
