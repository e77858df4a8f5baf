import type { PublishingAuthBackend } from '@bindery/contracts';
import { IsIn, IsString, MaxLength, ValidateIf } from 'class-validator';
import { IsOptionalNonNull } from '../../common/is-optional-non-null';

/** Validated again by sites (http/https only, no credentials: `publishing-auth/auth-urls.ts`). */
const MAX_URL = 2048;
const present = (_o: object, value: unknown): boolean => value !== undefined && value !== null;

/** `SitePublishingAuthUpdate`: an absent field is unchanged; null unsets a URL. */
export class UpdatePublishingAuthRequest {
  @IsOptionalNonNull()
  @IsIn(['custom', 'integration'], { message: 'backend must be custom or integration' })
  backend?: PublishingAuthBackend;

  @ValidateIf(present)
  @IsString({ message: 'fallbackURL must be a URL or null' })
  @MaxLength(MAX_URL, { message: `fallbackURL must be at most ${MAX_URL} characters` })
  fallbackURL?: string | null;

  @ValidateIf(present)
  @IsString({ message: 'logoutURL must be a URL or null' })
  @MaxLength(MAX_URL, { message: `logoutURL must be at most ${MAX_URL} characters` })
  logoutURL?: string | null;
}
