import type { PageReadOptions } from '@bindery/contracts';
import { applyDecorators } from '@nestjs/common';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQuery } from '../../common/page.query';

/** An optional `true`/`false` query flag (the query string carries booleans as text). */
const BooleanFlag = (name: string) => applyDecorators(IsOptional(), IsIn(['true', 'false'], { message: `${name} must be true or false` }));

/** `metadata` and `computed` of every content read. */
export class ContentQuery {
  @BooleanFlag('metadata')
  metadata?: string;

  @BooleanFlag('computed')
  computed?: string;
}

/** Content lists: `page`, `limit`, `metadata` and `computed`. */
export class ContentListQuery extends PageQuery {
  @BooleanFlag('metadata')
  metadata?: string;

  @BooleanFlag('computed')
  computed?: string;
}

export class PageReadQuery extends ContentQuery {
  @IsOptional()
  @IsIn(['document', 'markdown'], { message: 'format must be one of document, markdown' })
  format?: 'document' | 'markdown';

  @IsOptional()
  @IsIn(['true', 'false', 'deterministic-only'], { message: 'evaluated must be one of true, false, deterministic-only' })
  evaluated?: 'true' | 'false' | 'deterministic-only';

  @IsOptional()
  @IsIn(['true', 'false', 'reusable-contents'], { message: 'dereferenced must be one of true, false, reusable-contents' })
  dereferenced?: 'true' | 'false' | 'reusable-contents';
}

/** The options of a single-page read as content takes them (`computed` defaults to true). */
export function pageReadOptions(query: PageReadQuery): PageReadOptions {
  return {
    format: query.format,
    computed: query.computed !== 'false',
    dereferenced: query.dereferenced !== undefined && query.dereferenced !== 'false',
  };
}

export class SpaceGetQuery {
  @IsOptional()
  @IsString()
  @MaxLength(128)
  shareKey?: string;
}
