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
import { DOMAIN_NAME, IsMergeRules, IsOptionalNotNull, IsRoleOrGuest, ORG_HOSTNAME } from './identity-validators';

/** The official SitePointer. */
export class DefaultContentRequest {
  @Equals('site', { message: 'type must be "site"' })
  type!: 'site';

  @IsEntityId()
  site!: string;
}

/** Body of PATCH /v1/orgs/{organizationId}; null clears defaultContent and logo, and makes defaultRole "guest". */
export class UpdateOrganizationRequest {
  @IsOptionalNotNull()
  @IsString()
  @Length(2, 255)
  @Matches(/\S.*\S/, { message: 'title must contain non-blank characters' })
  title?: string;

  @IsOptionalNotNull()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @Matches(DOMAIN_NAME, { each: true, message: 'each value in emailDomains must be a domain name such as example.com' })
  emailDomains?: string[];

  @IsOptionalNotNull()
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

  @IsOptionalNotNull()
  @IsBoolean()
  sso?: boolean;

  @IsOptionalNotNull()
  @IsBoolean()
  ai?: boolean;

  @IsOptionalNotNull()
  @IsBoolean()
  inviteLinks?: boolean;

  @IsOptionalNotNull()
  @IsMergeRules()
  mergeRules?: OrgUpdateInput['mergeRules'];
}
