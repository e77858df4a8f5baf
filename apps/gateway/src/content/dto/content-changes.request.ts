import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsEntityId } from '../../common/entity-id';
import { IsDocumentInput } from './document.validators';

const OPERATIONS = ['insert_page', 'update_page', 'delete_page'] as const;

/**
 * One change of updateChangeRequestContent. The official union is flattened into one class whose
 * fields apply by `operation`, so every error names the exact field (changes.2.page, …).
 */
export class ContentChangeRequest {
  @IsIn(OPERATIONS, { message: `operation must be one of ${OPERATIONS.join(', ')}` })
  operation!: (typeof OPERATIONS)[number];

  @ValidateIf((c: ContentChangeRequest) => c.operation !== 'insert_page')
  @IsDefined({ message: 'page is required for update_page and delete_page' })
  @IsEntityId()
  page?: string;

  @ValidateIf((c: ContentChangeRequest) => c.operation === 'insert_page' || c.document !== undefined)
  @IsDefined({ message: 'document is required for insert_page' })
  @IsDocumentInput()
  document?: Record<string, unknown>;

  /** Parent page; `null` (update_page) moves to the root. */
  @ValidateIf((c: ContentChangeRequest) => c.into !== undefined && c.into !== null)
  @IsEntityId()
  into?: string | null;

  @IsOptional()
  @IsInt()
  @Min(0)
  at?: number;

  @IsOptional()
  @IsString()
  @Length(1, 100)
  ref?: string;

  @IsOptional()
  @IsString()
  @Length(1, 255)
  title?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  slug?: string;

  @IsOptional()
  @IsString()
  @MaxLength(50)
  emoji?: string;

  @IsOptional()
  @IsString()
  @MaxLength(50)
  icon?: string;

  @IsOptional()
  @IsString()
  @MaxLength(1000)
  description?: string;

  @IsOptional()
  @IsBoolean()
  hidden?: boolean;

  @IsOptional()
  @IsBoolean()
  noIndex?: boolean;

  @IsOptional()
  @IsBoolean()
  noRobotsIndex?: boolean;
}

/** Body of POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/content. */
export class UpdateChangeRequestContentRequest {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => ContentChangeRequest)
  changes!: ContentChangeRequest[];
}

export class CompatQuery {
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'compat must be true or false' })
  compat?: string;
}
