import { IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';

export class GitWebhookSecretRequest {
  /** A secret of the admin's choice (e.g. for GitLab's token field); generated when absent. */
  @IsOptional()
  @IsString()
  @MinLength(16, { message: 'secret must be at least 16 characters' })
  @MaxLength(256)
  @Matches(/^[\x21-\x7e]+$/, { message: 'secret must be printable ASCII without spaces' })
  secret?: string;
}
