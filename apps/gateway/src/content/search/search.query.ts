import { MAX_SEARCH_QUERY_LENGTH } from '@bindery/contracts';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { PageQuery } from '../../common/page.query';
import { IsEntityId } from '../../common/entity-id';

/** Search: the text `query` (required, 1..512, the official limit), page and limit. */
export class SearchQuery extends PageQuery {
  @IsString({ message: 'query must be a string' })
  @IsNotEmpty({ message: 'query must not be empty' })
  @MaxLength(MAX_SEARCH_QUERY_LENGTH, { message: `query must be at most ${MAX_SEARCH_QUERY_LENGTH} characters` })
  query!: string;
}

export class OrgSearchParams {
  @IsEntityId()
  organizationId!: string;
}
