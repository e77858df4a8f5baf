import { MEMBER_ROLES } from '@bindery/contracts';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { IsEntityId } from '../../common/entity-id';

/** Languages of the official TranslationLanguage enumeration. */
export const LANGUAGES = [
  'en', 'fr', 'de', 'es', 'it', 'pt', 'pt-br', 'ru', 'ja', 'zh', 'zh-tw', 'yue', 'ko', 'ar', 'hi', 'nl', 'pl', 'tr', 'sv', 'no',
  'da', 'fi', 'el', 'cs', 'hu', 'ro', 'th', 'vi', 'id', 'ms', 'he', 'uk', 'sk', 'bg', 'hr', 'lt', 'lv', 'et', 'sl',
];
const EDIT_MODES = ['live', 'locked'];
const DEFAULT_LEVELS = [...MEMBER_ROLES, 'inherit'];

/** Body of POST /v1/orgs/{organizationId}/spaces (official CreateSpace). */
export class CreateSpaceRequest {
  @IsOptional()
  @IsString()
  @MaxLength(50)
  title?: string;

  @IsOptional()
  @IsString()
  @MaxLength(50)
  emoji?: string;

  @IsOptional()
  @IsEntityId()
  parent?: string;

  @IsOptional()
  @IsIn(LANGUAGES, { message: 'language must be a language code such as en or pt-br' })
  language?: string;

  @IsOptional()
  @IsIn(EDIT_MODES, { message: 'editMode must be one of live, locked' })
  editMode?: 'live' | 'locked';
}

class MergeRulesRequest {
  @IsIn(['inherit', 'none', 'rules'], { message: 'mergeRules.type must be one of inherit, none, rules' })
  type!: 'inherit' | 'none' | 'rules';

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsObject({ each: true })
  rules?: Array<Record<string, unknown>>;
}

/** Body of PATCH /v1/spaces/{spaceId}. */
export class UpdateSpaceRequest {
  @IsOptional()
  @IsIn(EDIT_MODES, { message: 'editMode must be one of live, locked' })
  editMode?: 'live' | 'locked';

  @IsOptional()
  @IsString()
  @MaxLength(50)
  title?: string;

  @IsOptional()
  @IsIn(DEFAULT_LEVELS, { message: `defaultLevel must be one of ${DEFAULT_LEVELS.join(', ')}` })
  defaultLevel?: (typeof DEFAULT_LEVELS)[number];

  @IsOptional()
  @IsIn(LANGUAGES, { message: 'language must be a language code such as en or pt-br' })
  language?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => MergeRulesRequest)
  mergeRules?: MergeRulesRequest;

  @IsOptional()
  @IsString()
  @MaxLength(50)
  emoji?: string;
}

