import { MEDIA_TYPE_PATTERN } from '@bindery/contracts';
import { Type } from 'class-transformer';
import { IsInt, IsString, Matches, Max, Min } from 'class-validator';

export class FileDownloadParams {
  @Matches(/^[0-9a-f]{64}$/, { message: 'hash must be a sha256 hex digest' })
  hash!: string;
}

/** The signed grant carried by a `downloadURL`. */
export class FileDownloadQuery {
  @IsString()
  @Matches(MEDIA_TYPE_PATTERN, { message: 'type must be a MIME type' })
  type!: string;

  @Type(() => Number)
  @IsInt({ message: 'expires must be a unix time in seconds' })
  @Min(0)
  @Max(2 ** 40)
  expires!: number;

  @IsString()
  @Matches(/^[A-Za-z0-9_-]{43}$/, { message: 'signature must be a base64url HMAC-SHA256' })
  signature!: string;
}
