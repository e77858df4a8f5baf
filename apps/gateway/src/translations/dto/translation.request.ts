import { TRANSLATION_LANGUAGES, type TranslationLanguage } from '@bindery/contracts';
import { Type } from 'class-transformer';
import { IsIn, IsObject, IsOptional, ValidateNested } from 'class-validator';
import { IsEntityId } from '../../common/entity-id';
import { InstructionsDocumentRequest } from './instructions-document';

const LANGUAGE_MESSAGE = `must be one of ${TRANSLATION_LANGUAGES.join(', ')}`;

export class TranslationsOrganizationParams {
  @IsEntityId()
  organizationId!: string;
}

export class TranslationParams {
  @IsEntityId()
  organizationId!: string;

  @IsEntityId()
  translationId!: string;
}

/** Official TranslationSource: the space translated and the language it is written in. */
export class TranslationSourceRequest {
  @IsEntityId()
  space!: string;

  @IsIn(TRANSLATION_LANGUAGES, { message: `source.language ${LANGUAGE_MESSAGE}` })
  language!: TranslationLanguage;
}

/** Body of POST /v1/orgs/{organizationId}/translations. */
export class CreateTranslationRequest {
  @IsIn(TRANSLATION_LANGUAGES, { message: `language ${LANGUAGE_MESSAGE}` })
  language!: TranslationLanguage;

  @IsObject({ message: 'source must be an object {space, language}' })
  @ValidateNested()
  @Type(() => TranslationSourceRequest)
  source!: TranslationSourceRequest;

  @IsOptional()
  @IsObject({ message: 'instructions must be a document object' })
  @ValidateNested()
  @Type(() => InstructionsDocumentRequest)
  instructions?: InstructionsDocumentRequest;
}

/** Body of PUT /v1/orgs/{organizationId}/translations/{translationId}. */
export class UpdateTranslationRequest {
  @IsObject({ message: 'instructions must be a document object' })
  @ValidateNested()
  @Type(() => InstructionsDocumentRequest)
  instructions!: InstructionsDocumentRequest;
}
