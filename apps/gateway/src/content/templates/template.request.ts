import { IsObject, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { IsOptionalNonNull } from '../../common/is-optional-non-null';
import { IsEntityId } from '../../common/entity-id';

/** Body of `POST …/content/template`; the template id and `params.contentRefs` are checked by content, which knows the templates. */
export class ApplyTemplateRequest {
  @IsString({ message: 'id must be a string' })
  @MinLength(1, { message: 'id must not be empty' })
  @MaxLength(100, { message: 'id must be at most 100 characters' })
  id!: string;

  @IsOptionalNonNull()
  @IsObject({ message: 'params must be an object' })
  params?: { contentRefs?: Record<string, { kind: 'file'; file: string }> };

  @IsOptional()
  @IsEntityId()
  changeRequestId?: string;
}
