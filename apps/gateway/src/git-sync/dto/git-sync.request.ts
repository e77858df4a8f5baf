import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsDateString,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateNested,
} from 'class-validator';

/** `refs/heads/<branch>`; the service checks the branch name in full. */
const REF = /^refs\/heads\/\S+$/;

export class GitInfoDto {
  @IsOptional()
  @IsIn(['github', 'gitlab'])
  provider?: string;

  @IsOptional()
  @IsString()
  @MaxLength(2048)
  @Matches(/^https?:\/\//i, { message: 'gitInfo.url must be an http(s) URL' })
  url?: string;
}

class GitOperationRequest {
  @IsString()
  @MinLength(1)
  @MaxLength(2048)
  @Matches(/^https?:\/\//i, { message: 'url must be an http(s) URL of a git repository' })
  url!: string;

  @IsString()
  @MaxLength(255)
  @Matches(REF, { message: 'ref must be refs/heads/<branch>' })
  ref!: string;

  @IsOptional()
  @IsString()
  @MaxLength(255)
  repoCacheID?: string;

  @IsOptional()
  @IsString()
  @MaxLength(2048)
  repoTreeURL?: string;

  @IsOptional()
  @IsString()
  @MaxLength(2048)
  repoCommitURL?: string;

  @IsOptional()
  @IsString()
  @MaxLength(1024)
  repoProjectDirectory?: string;

  @IsOptional()
  @IsDateString({ strict: true })
  timestamp?: string;

  @IsOptional()
  @IsBoolean()
  force?: boolean;

  @IsOptional()
  @IsObject({ message: 'gitInfo must be an object' })
  @ValidateNested()
  @Type(() => GitInfoDto)
  gitInfo?: GitInfoDto;
}

export class GitImportRequest extends GitOperationRequest {
  @IsOptional()
  @IsBoolean()
  standalone?: boolean;
}

export class GitExportRequest extends GitOperationRequest {
  @IsString()
  @MinLength(1)
  @MaxLength(4096)
  commitMessage!: string;

  @IsOptional()
  @IsBoolean()
  standalone?: boolean;
}
