import {
  CHANGE_REQUEST_REVIEW_STATUSES,
  type ChangeRequestReviewStatus,
  MAX_REVIEWERS_PER_REQUEST,
  type DocumentInput,
} from '@bindery/contracts';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { ENTITY_ID, IsEntityId } from '../../common/entity-id';
import { IsOptionalNonNull } from '../../common/is-optional-non-null';
import { PageQuery } from '../../common/page.query';
import { ChangeRequestTextRequest } from './change-request.request';
import { ChangeRequestParams } from './content.params';
import { IsDocumentInput } from './document.validators';

const FORMATS = ['document', 'markdown'] as const;

export class RequestedReviewerParams extends ChangeRequestParams {
  @IsEntityId()
  userId!: string;
}

export class ReviewParams extends ChangeRequestParams {
  @IsEntityId()
  reviewId!: string;
}

/** Body of requestReviewersForChangeRequest. */
export class RequestReviewersRequest extends ChangeRequestTextRequest {
  @IsArray({ message: 'users must be an array of user ids' })
  @ArrayMinSize(1, { message: 'users must hold at least one user id' })
  @ArrayMaxSize(MAX_REVIEWERS_PER_REQUEST, { message: `users must hold at most ${MAX_REVIEWERS_PER_REQUEST} user ids` })
  @IsString({ each: true, message: 'users must hold user ids (strings)' })
  @MaxLength(64, { each: true, message: 'users must hold user ids of at most 64 characters' })
  @Matches(ENTITY_ID, { each: true, message: 'users must hold user ids of letters, digits, "-" and "_"' })
  users!: string[];
}

/** Body of submitChangeRequestReview. */
export class SubmitReviewRequest {
  @IsIn(CHANGE_REQUEST_REVIEW_STATUSES, { message: `status must be one of ${CHANGE_REQUEST_REVIEW_STATUSES.join(', ')}` })
  status!: ChangeRequestReviewStatus;

  @IsOptionalNonNull()
  @IsDocumentInput()
  comment?: DocumentInput;
}

export class ReviewFormatQuery {
  @IsOptional()
  @IsIn(FORMATS, { message: 'format must be one of document, markdown' })
  format?: (typeof FORMATS)[number];
}

/** Query of getReviewsByChangeRequestId: `outdated` arrives as the text true/false. */
export class ReviewListQuery extends PageQuery {
  @IsOptional()
  @IsIn(FORMATS, { message: 'format must be one of document, markdown' })
  format?: (typeof FORMATS)[number];

  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'outdated must be true or false' })
  outdated?: boolean;
}
