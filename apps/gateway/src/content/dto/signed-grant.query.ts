import { Type } from 'class-transformer';
import { IsInt, IsString, Matches, Max, Min } from 'class-validator';

/** The expiry and signature every signed, public URL carries (file downloads, PDF exports). */
export class SignedGrantQuery {
  @Type(() => Number)
  @IsInt({ message: 'expires must be a unix time in seconds' })
  @Min(0)
  @Max(2 ** 40)
  expires!: number;

  @IsString()
  @Matches(/^[A-Za-z0-9_-]{43}$/, { message: 'signature must be a base64url HMAC-SHA256' })
  signature!: string;
}
