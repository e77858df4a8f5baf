import { TRANSLATION_INSTRUCTIONS_MAX_BYTES, TRANSLATION_LANGUAGES, type TranslationLanguage } from '@bindery/contracts';
import { Type } from 'class-transformer';
import { IsIn, IsObject, IsOptional, ValidateBy, ValidateNested } from 'class-validator';
import { IsEntityId } from '../../common/entity-id';
import { JsonDocumentRequest } from '../../common/json-document.request';

/** The instructions document's size as stored (its JSON), capped: a 4 MB document is no glossary. */
const InstructionsSize = (): PropertyDecorator =>
  ValidateBy({
    name: 'instructionsSize',
    validator: {
      validate: (value: unknown) => Buffer.byteLength(JSON.stringify(value ?? null)) <= TRANSLATION_INSTRUCTIONS_MAX_BYTES,
      defaultMessage: () => `instructions must be at most ${TRANSLATION_INSTRUCTIONS_MAX_BYTES} bytes of JSON`,
    },
  });

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
  @Type(() => JsonDocumentRequest)
  @InstructionsSize()
  instructions?: JsonDocumentRequest;
}

/** Body of PUT /v1/orgs/{organizationId}/translations/{translationId}. */
export class UpdateTranslationRequest {
  @IsObject({ message: 'instructions must be a document object' })
  @ValidateNested()
  @Type(() => JsonDocumentRequest)
  @InstructionsSize()
  instructions!: JsonDocumentRequest;
}
