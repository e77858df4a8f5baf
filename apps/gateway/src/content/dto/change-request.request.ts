import { CHANGE_REQUEST_STATUSES, type JsonDocument } from '@bindery/contracts';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsOptionalNonNull } from '../../common/is-optional-non-null';
import { IsEntityId } from '../../common/entity-id';
import { PageQuery } from '../../common/page.query';
import { IsJsonDocument } from './document.validators';

export class CreateChangeRequestRequest {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  subject?: string;
}

/** Subject and description, which updating a change request and requesting its reviewers both set. */
export class ChangeRequestTextRequest {
  @IsOptionalNonNull()
  @IsString()
  @MaxLength(100)
  subject?: string;

  @IsOptionalNonNull()
  @IsJsonDocument()
  description?: JsonDocument;
}

export class UpdateChangeRequestRequest extends ChangeRequestTextRequest {
  @IsOptionalNonNull()
  @IsIn(CHANGE_REQUEST_STATUSES, { message: `status must be one of ${CHANGE_REQUEST_STATUSES.join(', ')}` })
  status?: (typeof CHANGE_REQUEST_STATUSES)[number];
}

export class ChangeRequestListQuery extends PageQuery {
  @IsOptional()
  @IsIn(CHANGE_REQUEST_STATUSES, { message: `status must be one of ${CHANGE_REQUEST_STATUSES.join(', ')}` })
  status?: (typeof CHANGE_REQUEST_STATUSES)[number];

  @IsOptional()
  @IsEntityId()
  creator?: string;

  @IsOptional()
  @IsEntityId()
  contributor?: string;

  @IsOptional()
  @IsEntityId()
  requestedReviewer?: string;
}
