import {
  SITE_AGENTS_CONTEXTS,
  SITE_TYPES,
  SITE_VISIBILITIES,
  type SiteAgentsContext,
  type SiteType,
  type SiteVisibility,
} from '@bindery/contracts';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsObject,
  IsIn,
  IsOptional,
  IsString,
  Length,
  Matches,
  MaxLength,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { ENTITY_ID, IsEntityId } from '../../common/entity-id';
import { IsOptionalNonNull } from '../../common/is-optional-non-null';
import { PageQuery } from '../../common/page.query';

export class SitesOrganizationParams {
  @IsEntityId()
  organizationId!: string;
}

export class SiteParams {
  @IsEntityId()
  organizationId!: string;

  @IsEntityId()
  siteId!: string;
}

/** `"true"` / `"false"` of a query string as a boolean (anything else is left for IsBoolean to refuse). */
export const QueryBoolean = () =>
  Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value));

export class ListSitesQuery extends PageQuery {
  @IsOptional()
  @IsEntityId()
  space?: string;

  @IsOptional()
  @IsString()
  @MaxLength(128)
  title?: string;

  @IsOptional()
  @QueryBoolean()
  @IsBoolean({ message: 'published must be true or false' })
  published?: boolean;
}

const SiteTitle = (): PropertyDecorator => {
  const decorators = [IsString(), Length(2, 128, { message: 'title must be 2 to 128 characters' })];
  return (target, key) => decorators.forEach((d) => d(target, key));
};

export class CreateSiteRequest {
  @IsOptionalNonNull()
  @IsIn(SITE_TYPES, { message: `type must be one of ${SITE_TYPES.join(', ')}` })
  type?: SiteType;

  @IsOptionalNonNull()
  @SiteTitle()
  title?: string;

  @IsOptionalNonNull()
  @IsIn(SITE_VISIBILITIES, { message: `visibility must be one of ${SITE_VISIBILITIES.join(', ')}` })
  visibility?: SiteVisibility;

  @IsOptionalNonNull()
  @IsArray()
  @ArrayMaxSize(100)
  @Matches(ENTITY_ID, { each: true, message: 'each value in spaces must be a space id' })
  spaces?: string[];
}

class AdaptiveContentRequest {
  @IsBoolean({ message: 'enabled must be a boolean' })
  enabled!: boolean;
}

/** The official SiteProxyOrigin: a host and a path prefix, such as `company.com/docs`. */
const PROXY = /^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)+$/;

export class UpdateSiteRequest {
  @IsOptionalNonNull()
  @SiteTitle()
  title?: string;

  @IsOptionalNonNull()
  @IsIn(SITE_VISIBILITIES, { message: `visibility must be one of ${SITE_VISIBILITIES.join(', ')}` })
  visibility?: SiteVisibility;

  @IsOptionalNonNull()
  @IsString()
  @Length(1, 100, { message: 'basename must be 1 to 100 characters' })
  @Matches(/^[^/?#\s]+$/, { message: 'basename must not contain "/", "?", "#" or spaces' })
  basename?: string;

  /** A Bindery addition (official SiteHostname): the site's own hostname; null removes it. */
  @ValidateIf((_o, value) => value !== undefined && value !== null)
  @IsString()
  @MaxLength(512, { message: 'hostname must be at most 512 characters' })
  @Matches(/^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/, {
    message: 'hostname must be a lower-case DNS name of at least three labels',
  })
  hostname?: string | null;

  @IsOptionalNonNull()
  @IsObject({ message: 'adaptiveContent must be an object' })
  @ValidateNested()
  @Type(() => AdaptiveContentRequest)
  adaptiveContent?: AdaptiveContentRequest;

  @IsOptionalNonNull()
  @IsIn(SITE_AGENTS_CONTEXTS, { message: 'agentsContext must be excluded or included' })
  agentsContext?: SiteAgentsContext;

  @IsOptionalNonNull()
  @IsEntityId()
  defaultSiteSpace?: string;

  @IsOptionalNonNull()
  @IsEntityId()
  defaultSiteSection?: string;

  /** null removes the proxy. */
  @ValidateIf((_o, value) => value !== undefined && value !== null)
  @IsString()
  @MaxLength(512, { message: 'proxy must be at most 512 characters' })
  @Matches(PROXY, { message: 'proxy must be a host and a path prefix, such as company.com/docs' })
  proxy?: string | null;
}

/**
 * A visitor schema declares a site's claims: a few dozen properties. Its JSON is capped because
 * sites compiles it with ajv, whose work and generated code grow with the schema.
 */
export const ADAPTIVE_SCHEMA_MAX_BYTES = 64 * 1024;

export class PutAdaptiveSchemaRequest {
  @IsObject({ message: 'jsonSchema must be an object' })
  @ValidateBy({
    name: 'adaptiveSchemaSize',
    validator: {
      validate: (value: unknown) => Buffer.byteLength(JSON.stringify(value ?? null)) <= ADAPTIVE_SCHEMA_MAX_BYTES,
      defaultMessage: () => `jsonSchema must be at most ${ADAPTIVE_SCHEMA_MAX_BYTES} bytes of JSON`,
    },
  })
  jsonSchema!: Record<string, unknown>;
}

export class SharedQuery {
  @IsOptional()
  @IsString()
  @MaxLength(256)
  shareKey?: string;
}

/** GET …/published: the share key, and (a Bindery addition) the visitor whose conditions apply. */
export class PublishedQuery extends SharedQuery {
  /** An ES256 JWT signed with the organization's visitor key. */
  @IsOptional()
  @IsString()
  @MaxLength(8192)
  visitorToken?: string;

  /** Unsigned claims as a JSON object, e.g. `{"beta":true}`; only those the adaptive schema declares are used. */
  @IsOptional()
  @IsString()
  @MaxLength(4096)
  visitorClaims?: string;
}

/** A structure item pointer of `sortSiteStructure`. */
class StructurePointer {
  @IsIn(['site-space', 'site-section', 'site-section-group'], { message: 'type must be site-space, site-section or site-section-group' })
  type!: 'site-space' | 'site-section' | 'site-section-group';

  @IsEntityId()
  id!: string;
}

class StructurePosition {
  @IsOptional()
  @IsObject({ message: 'before must be an object' })
  @ValidateNested()
  @Type(() => StructurePointer)
  before?: StructurePointer;

  @IsOptional()
  @IsObject({ message: 'after must be an object' })
  @ValidateNested()
  @Type(() => StructurePointer)
  after?: StructurePointer;
}

export class SortStructureRequest {
  @IsDefined({ message: 'item is required' })
  @IsObject({ message: 'item must be an object' })
  @ValidateNested()
  @Type(() => StructurePointer)
  item!: StructurePointer;

  @IsDefined({ message: 'position is required' })
  @IsObject({ message: 'position must be an object' })
  @ValidateNested()
  @Type(() => StructurePosition)
  position!: StructurePosition;
}
