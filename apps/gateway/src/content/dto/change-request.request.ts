import { CHANGE_REQUEST_STATUSES } from '@bindery/contracts';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsEntityId } from '../../common/entity-id';
import { PageQuery } from '../../common/page.query';
import { IsJsonDocument } from './document.validators';

export class CreateChangeRequestRequest {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  subject?: string;
}

export class UpdateChangeRequestRequest {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  subject?: string;

  @IsOptional()
  @IsJsonDocument()
  description?: Record<string, unknown>;

  @IsOptional()
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
