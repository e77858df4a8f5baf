import type { MemberRoleOrGuest } from '@bindery/contracts';
import { IsOptional, IsString, IsUrl, Length, Matches, MaxLength } from 'class-validator';
import { ENTITY_ID, IsEntityId } from '../../common/entity-id';
import { IsRoleOrGuest } from './identity-validators';
import { IsOptionalNonNull } from '../../common/is-optional-non-null';

/** Fields of a SAML provider other than `label`, with the spec's limits. */
class SamlProviderFields {
  @IsOptionalNonNull()
  @IsString()
  @Length(1, 1024)
  entityID?: string;

  /** Parsed as X.509 by identity. */
  @IsOptionalNonNull()
  @IsString()
  @Length(1, 10_000)
  certificate?: string;

  @IsOptionalNonNull()
  @IsString()
  @MaxLength(2048)
  @IsUrl({ require_protocol: true, protocols: ['http', 'https'], require_tld: false }, { message: 'ssoURL must be an http(s) URL' })
  ssoURL?: string;

  /** A team of the same organization (checked by identity); null clears it. */
  @IsOptional()
  @Matches(ENTITY_ID, { message: 'defaultTeam must be a team id' })
  @MaxLength(64)
  defaultTeam?: string | null;

  @IsOptional()
  @IsRoleOrGuest()
  defaultRole?: MemberRoleOrGuest;
}

/** Body of POST /v1/orgs/{organizationId}/saml: `label` is required. */
export class CreateSamlProviderRequest extends SamlProviderFields {
  @IsString()
  @Length(1, 30)
  @Matches(/\S/, { message: 'label must contain a non-blank character' })
  label!: string;
}

/** Body of PATCH …/saml/{samlProviderId}: every field optional. */
export class UpdateSamlProviderRequest extends SamlProviderFields {
  @IsOptionalNonNull()
  @IsString()
  @Length(1, 30)
  @Matches(/\S/, { message: 'label must contain a non-blank character' })
  label?: string;
}

export class SamlProviderParams {
  @IsEntityId()
  organizationId!: string;

  @IsEntityId()
  samlProviderId!: string;
}

/** The IdP's POST to the assertion consumer service (form or JSON). */
export class SamlResponseRequest {
  @IsString()
  @Length(1, 1_000_000)
  @Matches(/^[A-Za-z0-9+/=\s]+$/, { message: 'SAMLResponse must be base64' })
  SAMLResponse!: string;
}
