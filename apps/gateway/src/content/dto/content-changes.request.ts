import { type ContentChange, MAX_BATCH_BASE64_CHARS, MEDIA_TYPE_PATTERN, PAGE_TYPES, type PageType } from '@bindery/contracts';
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
  IsObject,
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

/** The operations a batch may carry (exported for the validation equivalence tests). */
export const OPERATIONS = [
  'insert_page',
  'update_page',
  'delete_page',
  'revert_page',
  'insert_files',
  // Bindery extension: the official batch has no reusable content operations.
  'insert_reusable_content',
  'update_reusable_content',
  'delete_reusable_content',
] as const;
const NEEDS_PAGE: ReadonlyArray<string> = ['update_page', 'delete_page', 'revert_page'];
const NEEDS_REUSABLE_CONTENT: ReadonlyArray<string> = ['update_reusable_content', 'delete_reusable_content'];

/** A field that only one operation takes: given with another, it is refused rather than ignored. */
const OnlyWith = (operation: (typeof OPERATIONS)[number]) =>
  ValidateBy({
    name: `onlyWith_${operation}`,
    validator: {
      validate: (_value: unknown, args) => (args?.object as ContentChangeRequest).operation === operation,
      defaultMessage: (args) => `${args?.property} is only allowed with ${operation}`,
    },
  });

/** Pages written by insert_page or update_page: the only operations that take a page type. */
const OnlyWithPageWrites = () =>
  ValidateBy({
    name: 'onlyWithPageWrites',
    validator: {
      validate: (_value: unknown, args) => ['insert_page', 'update_page'].includes((args?.object as ContentChangeRequest).operation),
      defaultMessage: (args) => `${args?.property} is only allowed with insert_page and update_page`,
    },
  });

const REUSABLE_CONTENT_OPERATIONS: ReadonlyArray<string> = [
  'insert_reusable_content',
  'update_reusable_content',
  'delete_reusable_content',
];
const isReusableContentChange = (c: ContentChangeRequest): boolean => REUSABLE_CONTENT_OPERATIONS.includes(c.operation);

/**
 * A page field (where a page goes, how it shows): a reusable content has none of them, so one
 * given with a reusable content operation is refused, naming the field, rather than ignored.
 */
const NotOnReusableContent = () =>
  ValidateBy({
    name: 'notOnReusableContent',
    validator: {
      validate: (_value: unknown, args) => !isReusableContentChange(args?.object as ContentChangeRequest),
      defaultMessage: (args) =>
        `${args?.property} is not allowed with ${(args?.object as ContentChangeRequest).operation}: it is a page field`,
    },
  });

/** A group, a link or a computed page: pages without a body. */
const hasNoBody = (c: ContentChangeRequest): boolean => c.type === 'group' || c.type === 'link' || c.type === 'computed';

/** Where a link page may point: the schemes a reader can open safely. */
const SAFE_HREF = /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i;
const TARGET_KINDS = ['url', 'page', 'file', 'anchor'] as const;

/** A link page's target (official ContentRef, the kinds a link uses); the content service checks which fields each kind needs. */
export class LinkTargetRequest {
  @IsIn(TARGET_KINDS, { message: `target.kind must be one of ${TARGET_KINDS.join(', ')}` })
  kind!: (typeof TARGET_KINDS)[number];

  @ValidateIf((t: LinkTargetRequest) => t.kind === 'url')
  @IsString()
  @MaxLength(2048)
  @Matches(SAFE_HREF, { message: 'target.url must be an http, https or mailto URL' })
  url?: string;

  @ValidateIf((t: LinkTargetRequest) => t.kind === 'page' || t.page !== undefined)
  @IsEntityId()
  page?: string;

  @ValidateIf((t: LinkTargetRequest) => t.kind === 'file')
  @IsEntityId()
  file?: string;

  @ValidateIf((t: LinkTargetRequest) => t.kind === 'anchor')
  @IsString()
  @Length(1, 100)
  anchor?: string;

  @IsOptional()
  @IsEntityId()
  space?: string;
}

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

  @ValidateIf((c: ContentChangeRequest) => NEEDS_PAGE.includes(c.operation) || (isReusableContentChange(c) && c.page !== undefined))
  @IsDefined({ message: 'page is required for update_page, delete_page and revert_page' })
  @NotOnReusableContent()
  @IsEntityId()
  page?: string;

  /** Bindery extension (update_reusable_content, delete_reusable_content): the reusable content's id. */
  @ValidateIf((c: ContentChangeRequest) => NEEDS_REUSABLE_CONTENT.includes(c.operation) || c.reusableContent !== undefined)
  @IsDefined({ message: 'reusableContent is required for update_reusable_content and delete_reusable_content' })
  @ValidateBy({
    name: 'onlyWithReusableContentEdits',
    validator: {
      validate: (_value: unknown, args) => NEEDS_REUSABLE_CONTENT.includes((args?.object as ContentChangeRequest).operation),
      defaultMessage: () => 'reusableContent is only allowed with update_reusable_content and delete_reusable_content',
    },
  })
  @IsEntityId()
  reusableContent?: string;

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

  /**
   * Bindery extension (insert_page, update_page): the kind of page, `document` by default. A
   * `group` (root level only) and a `link` have no document.
   */
  @ValidateIf((c: ContentChangeRequest) => c.type !== undefined)
  @OnlyWithPageWrites()
  @IsIn(PAGE_TYPES, { message: `type must be one of ${PAGE_TYPES.join(', ')}` })
  type?: PageType;

  /**
   * Bindery extension: a computed page's source (official ComputedContentSourceRevisionOpenAPI);
   * the content service checks its fields (400 naming the field).
   */
  @ValidateIf((c: ContentChangeRequest) => c.computed !== undefined)
  @OnlyWithPageWrites()
  @IsObject({ message: 'computed must be an object' })
  computed?: Record<string, unknown>;

  /** Bindery extension: a link page's URL (http, https or mailto). */
  @ValidateIf((c: ContentChangeRequest) => c.href !== undefined)
  @OnlyWithPageWrites()
  @IsString()
  @MaxLength(2048)
  @Matches(SAFE_HREF, { message: 'href must be an http, https or mailto URL' })
  href?: string;

  /** Bindery extension: a link page's target, an official ContentRef to a URL, page, file or anchor. */
  @ValidateIf((c: ContentChangeRequest) => c.target !== undefined)
  @OnlyWithPageWrites()
  @ValidateNested()
  @Type(() => LinkTargetRequest)
  target?: LinkTargetRequest;

  @ValidateIf((c: ContentChangeRequest) => (c.operation === 'insert_page' && !hasNoBody(c)) || c.document !== undefined)
  @IsDefined({ message: 'document is required for insert_page' })
  @ValidateBy({
    name: 'noBodyOnGroupOrLink',
    validator: {
      validate: (_value: unknown, args) => !hasNoBody(args?.object as ContentChangeRequest),
      defaultMessage: (args) => `document is not allowed on a ${(args?.object as ContentChangeRequest).type} page`,
    },
  })
  @IsDocumentInput()
  document?: Record<string, unknown>;

  /** Parent page; `null` (update_page) moves to the root. */
  @ValidateIf((c: ContentChangeRequest) => c.into !== undefined && (c.into !== null || isReusableContentChange(c)))
  @NotOnReusableContent()
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
  @NotOnReusableContent()
  @IsInt()
  @Min(0)
  at?: number;

  @IsOptional()
  @IsString()
  @Length(1, 100)
  ref?: string;

  @ValidateIf((c: ContentChangeRequest) => c.operation === 'insert_reusable_content' || c.title !== undefined)
  @IsDefined({ message: 'title is required for insert_reusable_content' })
  @IsString()
  @Length(1, 255)
  title?: string;

  @IsOptional()
  @NotOnReusableContent()
  @IsString()
  @MaxLength(100)
  slug?: string;

  @IsOptional()
  @NotOnReusableContent()
  @IsString()
  @MaxLength(50)
  emoji?: string;

  @IsOptional()
  @NotOnReusableContent()
  @IsString()
  @MaxLength(50)
  icon?: string;

  @IsOptional()
  @NotOnReusableContent()
  @IsString()
  @MaxLength(1000)
  description?: string;

  @IsOptional()
  @NotOnReusableContent()
  @IsBoolean()
  hidden?: boolean;

  @IsOptional()
  @NotOnReusableContent()
  @IsBoolean()
  noIndex?: boolean;

  @IsOptional()
  @NotOnReusableContent()
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
