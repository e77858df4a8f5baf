import { CONVERSATION_ROLES, type ConversationInput } from '@bindery/contracts';
import { BadRequestException } from '@nestjs/common';
import { plainToInstance, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  Equals,
  IsArray,
  IsIn,
  IsISO8601,
  IsObject,
  IsOptional,
  IsString,
  Length,
  MaxLength,
  ValidateBy,
  ValidateNested,
  validateSync,
} from 'class-validator';
import { describeValidationErrors } from '../../common/validation.pipe';

/** Conversations one request may carry (the official body is one conversation or an array). */
export const MAX_CONVERSATIONS_PER_REQUEST = 100;
export const MAX_PARTS = 1000;
export const MAX_ATTRIBUTES = 64;

/** A string → string map of at most MAX_ATTRIBUTES keys (≤ 128 characters), values ≤ 2048. */
const IsAttributeMap = () =>
  ValidateBy({
    name: 'isAttributeMap',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value) &&
        Object.keys(value).length <= MAX_ATTRIBUTES &&
        Object.entries(value).every(([k, v]) => k.length >= 1 && k.length <= 128 && typeof v === 'string' && v.length <= 2048),
      defaultMessage: () => `$property must map at most ${MAX_ATTRIBUTES} keys (1..128 characters) to strings of at most 2048 characters`,
    },
  });

export class ConversationPartDto {
  @Equals('message', { message: 'type must be "message"' })
  type!: 'message';

  @IsIn([...CONVERSATION_ROLES])
  role!: (typeof CONVERSATION_ROLES)[number];

  /** Any length the gateway's body limit lets through: the service caps what it keeps (see its README). */
  @IsString()
  body!: string;
}

export class ConversationMetadataDto {
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  url?: string;

  @IsOptional()
  @IsAttributeMap()
  attributes?: Record<string, string>;

  @IsOptional()
  @IsISO8601({ strict: true })
  createdAt?: string;
}

export class ConversationInputDto {
  @IsString()
  @Length(1, 255)
  id!: string;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ConversationMetadataDto)
  metadata?: ConversationMetadataDto;

  @IsOptional()
  @IsString()
  @MaxLength(512)
  subject?: string;

  @IsArray()
  @ArrayMaxSize(MAX_PARTS)
  @ValidateNested({ each: true })
  @Type(() => ConversationPartDto)
  parts!: ConversationPartDto[];
}

const OPTIONS = { whitelist: true, forbidUnknownValues: true, validationError: { target: false, value: false } } as const;

/**
 * The body of POST …/conversations: one ConversationInput or an array of them (official oneOf).
 * Validated here rather than by the global pipe, which cannot take "an object or an array"; the
 * 400 names the field as the pipe does (`[2].parts.0.role …` for an array).
 */
export function parseIngestBody(body: unknown): ConversationInput[] {
  const many = Array.isArray(body);
  const items: unknown[] = many ? body : [body];
  if (items.length === 0) throw new BadRequestException('body: must hold at least one conversation');
  if (items.length > MAX_CONVERSATIONS_PER_REQUEST) {
    throw new BadRequestException(`body: at most ${MAX_CONVERSATIONS_PER_REQUEST} conversations per request`);
  }
  return items.map((item, index) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw new BadRequestException(`${many ? `[${index}]` : 'body'}: must be a conversation object`);
    }
    const dto = plainToInstance(ConversationInputDto, item);
    const errors = validateSync(dto, OPTIONS);
    if (errors.length > 0) {
      const lines = describeValidationErrors(errors).map((line) => (many ? `[${index}].${line}` : line));
      throw new BadRequestException(lines.join('; '));
    }
    return dto;
  });
}
