import {
  COMMENT_STATUS_FILTERS,
  type CommentStatusFilter,
  type DocumentInput,
  MAX_AUTHORS_FILTER,
  MAX_COMMENT_DOCUMENT_BYTES,
  MAX_COMMENT_MARKDOWN_BYTES,
  MAX_EMOJI_LENGTH,
  MAX_REACTIONS_PER_UPDATE,
} from '@bindery/contracts';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateBy,
  ValidateNested,
  type ValidationOptions,
} from 'class-validator';
import { ENTITY_ID, IsEntityId } from '../../common/entity-id';
import { jsonBytesAtMost } from '../../common/json-size';
import { IsOptionalNonNull } from '../../common/is-optional-non-null';
import { PageQuery } from '../../common/page.query';

const FORMATS = ['document', 'markdown'] as const;

/** Shape of the API's Document: `{object: "document", data: {...}, nodes: [blocks]}` (collaboration checks the rest). */
function isJsonDocument(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const doc = value as Record<string, unknown>;
  const data = doc.data;
  return (
    doc.object === 'document' &&
    typeof data === 'object' &&
    data !== null &&
    !Array.isArray(data) &&
    Array.isArray(doc.nodes) &&
    doc.nodes.every((n) => typeof n === 'object' && n !== null && (n as { object?: unknown }).object === 'block')
  );
}
type Format = (typeof FORMATS)[number];

/** Why a comment body is refused, or undefined: `{markdown}` (≤ 64 KB, not blank) or `{document}` (≤ 512 KB of JSON). */
export function commentBodyError(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'must be {markdown: string} or {document: Document}';
  const input = value as Record<string, unknown>;
  const keys = Object.keys(input);
  if (keys.length === 0) return 'must not be empty: give {markdown} or {document}';
  if (keys.length !== 1) return 'must have exactly one of markdown, document';
  if (keys[0] === 'markdown') {
    if (typeof input.markdown !== 'string') return 'markdown must be a string';
    if (input.markdown.trim().length === 0) return 'markdown must not be empty';
    if (Buffer.byteLength(input.markdown, 'utf8') > MAX_COMMENT_MARKDOWN_BYTES)
      return `markdown must be at most ${MAX_COMMENT_MARKDOWN_BYTES / 1024} KB`;
    return undefined;
  }
  if (keys[0] === 'document') {
    if (!isJsonDocument(input.document)) return 'document must be a document {object: "document", data, nodes: [blocks]}';
    if (!jsonBytesAtMost(input.document, MAX_COMMENT_DOCUMENT_BYTES)) {
      return `document must be at most ${MAX_COMMENT_DOCUMENT_BYTES / 1024} KB of JSON`;
    }
    return undefined;
  }
  return 'must be {markdown: string} or {document: Document}';
}

const IsCommentBody = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isCommentBody',
      validator: {
        validate: (value) => commentBodyError(value) === undefined,
        defaultMessage: (args) => `${args?.property ?? 'body'} ${commentBodyError(args?.value) ?? ''}`.trim(),
      },
    },
    options,
  );

/** A reactions field: emoji strings (their shape is checked by collaboration, which names the one refused). */
const IsReactions = (): PropertyDecorator => {
  const decorators = [
    IsArray({ message: '$property must be an array of emoji' }),
    ArrayMaxSize(MAX_REACTIONS_PER_UPDATE, { message: `$property must hold at most ${MAX_REACTIONS_PER_UPDATE} emoji` }),
    IsString({ each: true, message: '$property must hold emoji (strings)' }),
    MinLength(1, { each: true, message: '$property must not hold empty strings' }),
    MaxLength(MAX_EMOJI_LENGTH, { each: true, message: `$property must hold emoji of at most ${MAX_EMOJI_LENGTH} characters` }),
  ];
  return (target, key) => decorators.forEach((d) => d(target, key));
};

export class SpaceParams {
  @IsEntityId()
  spaceId!: string;
}

/** The change request's id or its number in the space. */
export class ChangeRequestParams extends SpaceParams {
  @IsEntityId()
  changeRequestId!: string;
}

export class CommentParams extends SpaceParams {
  @IsEntityId()
  commentId!: string;
}

export class ChangeRequestCommentParams extends CommentParams {
  @IsEntityId()
  changeRequestId!: string;
}

export class ReplyParams extends CommentParams {
  @IsEntityId()
  commentReplyId!: string;
}

export class ChangeRequestReplyParams extends ReplyParams {
  @IsEntityId()
  changeRequestId!: string;
}

export class FormatQuery {
  @IsOptional()
  @IsIn(FORMATS, { message: 'format must be one of document, markdown' })
  format?: Format;
}

export class ReplyListQuery extends PageQuery {
  @IsOptional()
  @IsIn(FORMATS, { message: 'format must be one of document, markdown' })
  format?: Format;
}

/** Query of listCommentsIn*: `authors` as repeated parameters or one comma-separated value. */
export class CommentListQuery extends ReplyListQuery {
  @IsOptional()
  @IsIn(COMMENT_STATUS_FILTERS, { message: 'status must be one of all, open, resolved' })
  status?: CommentStatusFilter;

  @IsOptional()
  @IsIn(['asc', 'desc'], { message: 'order must be one of asc, desc' })
  order?: 'asc' | 'desc';

  @IsOptional()
  @IsEntityId()
  targetPage?: string;

  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.split(',') : value))
  @IsArray({ message: 'authors must be user ids' })
  @ArrayMaxSize(MAX_AUTHORS_FILTER, { message: `authors must hold at most ${MAX_AUTHORS_FILTER} user ids` })
  @IsString({ each: true, message: 'authors must hold user ids' })
  @MaxLength(64, { each: true, message: 'authors must hold user ids of at most 64 characters' })
  @Matches(ENTITY_ID, { each: true, message: 'authors must hold user ids of letters, digits, "-" and "_"' })
  authors?: string[];
}

export class TableCellRequest {
  @IsString({ message: 'tableCell.record must be a string' })
  @MinLength(1)
  @MaxLength(256)
  record!: string;

  @IsString({ message: 'tableCell.definition must be a string' })
  @MinLength(1)
  @MaxLength(256)
  definition!: string;
}

/** Body of postCommentIn*: PostCommentSchema. */
export class PostCommentRequest {
  @IsCommentBody()
  body!: DocumentInput;

  @IsOptionalNonNull()
  @IsEntityId()
  page?: string;

  @IsOptionalNonNull()
  @IsString({ message: 'node must be a block id (string)' })
  @MaxLength(128)
  @Matches(ENTITY_ID, { message: 'node must contain only letters, digits, "-" and "_"' })
  node?: string;

  @IsOptionalNonNull()
  @ValidateNested()
  @Type(() => TableCellRequest)
  tableCell?: TableCellRequest;
}

/** Body of postCommentReplyIn*: PostCommentReplySchema. */
export class PostReplyRequest {
  @IsCommentBody()
  body!: DocumentInput;
}

/** Body of updateCommentReplyInSpace: UpdateCommentReplySchema. */
export class UpdateReplyRequest {
  @IsOptionalNonNull()
  @IsCommentBody()
  body?: DocumentInput;

  @IsOptionalNonNull()
  @IsReactions()
  addedReactions?: string[];

  @IsOptionalNonNull()
  @IsReactions()
  removedReactions?: string[];
}

/** Body of updateCommentIn* (and of a change request's reply update, which carries `resolved` too). */
export class UpdateCommentRequest extends UpdateReplyRequest {
  @IsOptionalNonNull()
  @IsBoolean({ message: 'resolved must be true or false' })
  resolved?: boolean;
}
