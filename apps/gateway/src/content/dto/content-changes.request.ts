import { type ContentChange, MAX_BATCH_BASE64_CHARS, MEDIA_TYPE_PATTERN } from '@bindery/contracts';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Length,
  MaxLength,
  Matches,
  Min,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsEntityId } from '../../common/entity-id';
import { IsOptionalNonNull } from '../../common/is-optional-non-null';
import { IsDocumentInput } from './document.validators';

const OPERATIONS = ['insert_page', 'update_page', 'delete_page', 'revert_page', 'insert_files'] as const;
const NEEDS_PAGE: ReadonlyArray<string> = ['update_page', 'delete_page', 'revert_page'];

/** A field that only one operation takes: given with another, it is refused rather than ignored. */
const OnlyWith = (operation: (typeof OPERATIONS)[number]) =>
  ValidateBy({
    name: `onlyWith_${operation}`,
    validator: {
      validate: (_value: unknown, args) => (args?.object as ContentChangeRequest).operation === operation,
      defaultMessage: (args) => `${args?.property} is only allowed with ${operation}`,
    },
  });

/**
 * One file of `insert_files`: exactly one source, inline `base64` (with its `contentType`) or a
 * public http(s) `url` that the content service fetches, refusing private and reserved addresses.
 */
export class InsertFileRequest {
  @IsOptionalNonNull()
  @IsString()
  @Length(1, 100)
  ref?: string;

  @IsString()
  @Length(1, 256)
  @Matches(/^[^/\\\u0000-\u001f]+$/, { message: 'name must be a file name without slashes or control characters' })
  name!: string;

  @ValidateIf((f: InsertFileRequest) => f.base64 !== undefined || f.contentType !== undefined)
  @IsDefined({ message: 'contentType is required with base64' })
  @IsString()
  @Matches(MEDIA_TYPE_PATTERN, { message: 'contentType must be a MIME type such as image/png' })
  contentType?: string;

  @ValidateIf((f: InsertFileRequest) => f.url === undefined)
  @IsDefined({ message: 'base64 or url is required: give the bytes inline or a URL to fetch them from' })
  @IsString()
  @IsNotEmpty()
  base64?: string;

  @ValidateIf((f: InsertFileRequest) => f.url !== undefined)
  @ValidateBy({
    name: 'oneSource',
    validator: {
      validate: (_url: unknown, args) => (args?.object as InsertFileRequest).base64 === undefined,
      defaultMessage: () => 'url and base64 are exclusive: give one source',
    },
  })
  @IsString()
  @MaxLength(2048)
  @Matches(/^https?:\/\/[^\s]+$/i, { message: 'url must be an http or https URL' })
  url?: string;
}

/** The files of a batch travel in one request body and one NATS message: their base64 text has a total cap. */
const FitsOneMessage = () =>
  ValidateBy({
    name: 'fitsOneMessage',
    validator: {
      validate: (changes: unknown) =>
        !Array.isArray(changes) ||
        changes.reduce(
          (n: number, c: { files?: Array<{ base64?: unknown }> }) =>
            n + (c?.files ?? []).reduce((m, f) => m + (typeof f?.base64 === 'string' ? f.base64.length : 0), 0),
          0,
        ) <= MAX_BATCH_BASE64_CHARS,
      defaultMessage: () =>
        `changes: the files of one batch may total at most ${MAX_BATCH_BASE64_CHARS} base64 characters; send them in several batches`,
    },
  });

/**
 * One change of updateChangeRequestContent. The official union is flattened into one class whose
 * fields apply by `operation`, so every error names the exact field (changes.2.page, …).
 */
export class ContentChangeRequest {
  @IsIn(OPERATIONS, { message: `operation must be one of ${OPERATIONS.join(', ')}` })
  operation!: (typeof OPERATIONS)[number];

  @ValidateIf((c: ContentChangeRequest) => NEEDS_PAGE.includes(c.operation))
  @IsDefined({ message: 'page is required for update_page, delete_page and revert_page' })
  @IsEntityId()
  page?: string;

  /** revert_page: the revision to revert to (default: the change request's base revision). */
  @ValidateIf((c: ContentChangeRequest) => c.revision !== undefined)
  @OnlyWith('revert_page')
  @IsString()
  @IsEntityId()
  revision?: string;

  /** revert_page: keys of the top-level blocks to revert; omitted, the whole page is reverted. */
  @ValidateIf((c: ContentChangeRequest) => c.block !== undefined)
  @OnlyWith('revert_page')
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  @Length(1, 100, { each: true })
  block?: string[];

  @ValidateIf((c: ContentChangeRequest) => c.operation === 'insert_page' || c.document !== undefined)
  @IsDefined({ message: 'document is required for insert_page' })
  @IsDocumentInput()
  document?: Record<string, unknown>;

  /** Parent page; `null` (update_page) moves to the root. */
  @ValidateIf((c: ContentChangeRequest) => c.into !== undefined && c.into !== null)
  @IsEntityId()
  into?: string | null;

  @ValidateIf((c: ContentChangeRequest) => c.operation === 'insert_files' || c.files !== undefined)
  @OnlyWith('insert_files')
  @IsArray({ message: 'files is required for insert_files' })
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => InsertFileRequest)
  files?: InsertFileRequest[];

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
  @FitsOneMessage()
  changes!: ContentChangeRequest[];
}

/** Validated changes as the contract's union: each one's validators checked the fields its `operation` needs. */
export const contentChanges = (changes: ContentChangeRequest[]): ContentChange[] => changes as ContentChange[];

export class CompatQuery {
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'compat must be true or false' })
  compat?: string;
}
