import { DEFAULT_LEVELS, type DefaultLevel, TRANSLATION_LANGUAGES } from '@bindery/contracts';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsOptionalNonNull } from '../../common/is-optional-non-null';
import { IsEntityId } from '../../common/entity-id';
import { IsMergeRules } from '../../common/merge-rules.validator';

/** Languages of the official TranslationLanguage enumeration (one list, in the contracts). */
export const LANGUAGES = TRANSLATION_LANGUAGES;
const EDIT_MODES = ['live', 'locked'];

/** Body of POST /v1/orgs/{organizationId}/spaces (official CreateSpace). */
export class CreateSpaceRequest {
  @IsOptionalNonNull()
  @IsString()
  @MaxLength(50)
  title?: string;

  @IsOptionalNonNull()
  @IsString()
  @MaxLength(50)
  emoji?: string;

  @IsOptional()
  @IsEntityId()
  parent?: string;

  @IsOptionalNonNull()
  @IsIn(LANGUAGES, { message: 'language must be a language code such as en or pt-br' })
  language?: string;

  @IsOptionalNonNull()
  @IsIn(EDIT_MODES, { message: 'editMode must be one of live, locked' })
  editMode?: 'live' | 'locked';
}

/** Body of PATCH /v1/spaces/{spaceId}. */
export class UpdateSpaceRequest {
  @IsOptionalNonNull()
  @IsIn(EDIT_MODES, { message: 'editMode must be one of live, locked' })
  editMode?: 'live' | 'locked';

  @IsOptionalNonNull()
  @IsString()
  @MaxLength(50)
  title?: string;

  @IsOptionalNonNull()
  @IsIn(DEFAULT_LEVELS, { message: `defaultLevel must be one of ${DEFAULT_LEVELS.join(', ')}` })
  defaultLevel?: DefaultLevel;

  @IsOptionalNonNull()
  @IsIn(LANGUAGES, { message: 'language must be a language code such as en or pt-br' })
  language?: string;

  /** Checked rule by rule, as for organizations: merges are judged by these rules. */
  @IsOptionalNonNull()
  @IsMergeRules(true)
  mergeRules?: Record<string, unknown>;

  @IsOptionalNonNull()
  @IsString()
  @MaxLength(50)
  emoji?: string;
}
