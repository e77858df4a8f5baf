import {
  OPENAPI_SLUG_MAX,
  OPENAPI_SLUG_PATTERN,
  OPENAPI_TEXT_MAX_BYTES,
  OPENAPI_URL_MAX,
  OPENAPI_VISIBILITIES,
  type OpenApiVisibility,
} from '@bindery/contracts';
import { Type } from 'class-transformer';
import {
  IsDefined,
  IsIn,
  IsObject,
  IsString,
  IsUrl,
  Length,
  Matches,
  MaxLength,
  MinLength,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsEntityId } from '../../common/entity-id';

const SLUG_MESSAGE = `must be 1 to ${OPENAPI_SLUG_MAX} letters and digits, in runs separated by single dashes`;

/** `source`: the official OpenAPISpecSource, exactly one of `url` and `text`. */
export class OpenApiSourceRequest {
  @ValidateIf((o: OpenApiSourceRequest) => o.url !== undefined || o.text === undefined)
  @IsDefined({ message: 'url or text is required' })
  @IsString()
  @MaxLength(OPENAPI_URL_MAX)
  @IsUrl({ require_protocol: true, protocols: ['http', 'https'], require_tld: false }, { message: 'url must be an http or https URL' })
  url?: string;

  @ValidateIf((o: OpenApiSourceRequest) => o.text !== undefined)
  @IsString()
  @MinLength(1)
  // In characters, which never exceed the bytes sites counts (OPENAPI_TEXT_MAX_BYTES of UTF-8).
  @MaxLength(OPENAPI_TEXT_MAX_BYTES, { message: `text must be at most ${OPENAPI_TEXT_MAX_BYTES} bytes` })
  @ValidateBy({
    name: 'exclusiveWithUrl',
    validator: {
      validate: (_value, args) => (args?.object as OpenApiSourceRequest).url === undefined,
      defaultMessage: () => 'text and url are exclusive: give one of them',
    },
  })
  text?: string;
}

export class CreateOpenApiSpecRequest {
  @IsString()
  @Length(1, OPENAPI_SLUG_MAX, { message: `slug ${SLUG_MESSAGE}` })
  @Matches(OPENAPI_SLUG_PATTERN, { message: `slug ${SLUG_MESSAGE}` })
  slug!: string;

  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => OpenApiSourceRequest)
  source!: OpenApiSourceRequest;
}

export class PutOpenApiSpecRequest {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => OpenApiSourceRequest)
  source!: OpenApiSourceRequest;
}

export class UpdateOpenApiSpecRequest {
  @IsIn(OPENAPI_VISIBILITIES, { message: 'visibility must be private or public' })
  visibility!: OpenApiVisibility;
}

export class OpenApiOrganizationParams {
  @IsEntityId()
  organizationId!: string;
}

export class OpenApiSpecParams extends OpenApiOrganizationParams {
  @Length(1, OPENAPI_SLUG_MAX, { message: `specSlug ${SLUG_MESSAGE}` })
  @Matches(OPENAPI_SLUG_PATTERN, { message: `specSlug ${SLUG_MESSAGE}` })
  specSlug!: string;
}

export class OpenApiVersionParams extends OpenApiSpecParams {
  @IsEntityId()
  versionId!: string;
}

export class OpenApiPublishedParams {
  @IsEntityId()
  specId!: string;
}
