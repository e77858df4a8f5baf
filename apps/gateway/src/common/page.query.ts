import { MAX_PAGE_LIMIT } from '@bindery/contracts';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/** `page` and `limit` of every list operation. */
export class PageQuery {
  /** Opaque cursor from a previous response's `next.page`. */
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  page?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_LIMIT)
  limit?: number;
}
