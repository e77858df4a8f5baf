import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQuery } from '../../common/page.query';

const BOOLEAN = ['true', 'false'];

/** `metadata` and `computed` of every content read (booleans in the query string). */
export class ContentQuery {
  @IsOptional()
  @IsIn(BOOLEAN, { message: 'metadata must be true or false' })
  metadata?: string;

  @IsOptional()
  @IsIn(BOOLEAN, { message: 'computed must be true or false' })
  computed?: string;
}

export class ContentListQuery extends PageQuery {
  @IsOptional()
  @IsIn(BOOLEAN, { message: 'metadata must be true or false' })
  metadata?: string;

  @IsOptional()
  @IsIn(BOOLEAN, { message: 'computed must be true or false' })
  computed?: string;
}

export class PageReadQuery extends ContentQuery {
  @IsOptional()
  @IsIn(['document', 'markdown'], { message: 'format must be one of document, markdown' })
  format?: 'document' | 'markdown';

  @IsOptional()
  @IsIn(['true', 'false', 'deterministic-only'], { message: 'evaluated must be one of true, false, deterministic-only' })
  evaluated?: 'true' | 'false' | 'deterministic-only';
}

export class SpaceGetQuery {
  @IsOptional()
  @IsString()
  @MaxLength(128)
  shareKey?: string;
}
