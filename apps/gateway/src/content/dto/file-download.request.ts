import { MEDIA_TYPE_PATTERN } from '@bindery/contracts';
import { IsString, Matches } from 'class-validator';
import { SignedGrantQuery } from './signed-grant.query';

export class FileDownloadParams {
  @Matches(/^[0-9a-f]{64}$/, { message: 'hash must be a sha256 hex digest' })
  hash!: string;
}

/** The signed grant carried by a `downloadURL`. */
export class FileDownloadQuery extends SignedGrantQuery {
  @IsString()
  @Matches(MEDIA_TYPE_PATTERN, { message: 'type must be a MIME type' })
  type!: string;
}
