import type { MemberRoleOrGuest, OrgUpdateInput } from '@bindery/contracts';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  Equals,
  IsArray,
  IsBoolean,
  IsOptional,
  IsString,
  IsUrl,
  Length,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { IsEntityId } from '../../common/entity-id';
import { IsMergeRules } from '../../common/merge-rules.validator';
import { DOMAIN_NAME, IsRoleOrGuest, ORG_HOSTNAME } from './identity-validators';
import { IsOptionalNonNull } from '../../common/is-optional-non-null';

/** The official SitePointer. */
export class DefaultContentRequest {
  @Equals('site', { message: 'type must be "site"' })
  type!: 'site';

  @IsEntityId()
  site!: string;
}

/** Body of PATCH /v1/orgs/{organizationId}; null clears defaultContent and logo, and makes defaultRole "guest". */
export class UpdateOrganizationRequest {
  @IsOptionalNonNull()
  @IsString()
  @Length(2, 255)
  @Matches(/\S.*\S/, { message: 'title must contain non-blank characters' })
  title?: string;

  @IsOptionalNonNull()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @Matches(DOMAIN_NAME, { each: true, message: 'each value in emailDomains must be a domain name such as example.com' })
  emailDomains?: string[];

  @IsOptionalNonNull()
  @IsString()
  @Matches(ORG_HOSTNAME, { message: 'hostname must be 3..32 letters, digits or inner hyphens' })
  hostname?: string;

  @IsOptional()
  @IsRoleOrGuest()
  defaultRole?: MemberRoleOrGuest;

  @IsOptional()
  @ValidateNested()
  @Type(() => DefaultContentRequest)
  defaultContent?: DefaultContentRequest | null;

  @IsOptional()
  @IsString()
  @MaxLength(2048)
  @IsUrl({ require_protocol: true, protocols: ['http', 'https'], require_tld: false }, { message: 'logo must be an http(s) URL' })
  logo?: string | null;

  @IsOptionalNonNull()
  @IsBoolean()
  sso?: boolean;

  @IsOptionalNonNull()
  @IsBoolean()
  ai?: boolean;

  @IsOptionalNonNull()
  @IsBoolean()
  inviteLinks?: boolean;

  @IsOptionalNonNull()
  @IsMergeRules()
  mergeRules?: OrgUpdateInput['mergeRules'];
}
