import { MEMBER_ROLES } from '@bindery/contracts';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQuery } from '../../common/page.query';

export class OrderedPageQuery extends PageQuery {
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';
}

/** Query of GET /v1/orgs/{organizationId}/members (official memberRoleFilter, memberSearch, memberSort). */
export class ListMembersQuery extends OrderedPageQuery {
  @IsOptional()
  @IsIn([...MEMBER_ROLES, 'guest'])
  role?: (typeof MEMBER_ROLES)[number] | 'guest';

  @IsOptional()
  @IsString()
  @MaxLength(256)
  search?: string;

  @IsOptional()
  @IsIn(['joinedAt', 'lastSeenAt', 'name'])
  sort?: 'joinedAt' | 'lastSeenAt' | 'name';
}

/** A title filter over a page of teams (case-insensitive containment). */
export class TitleFilterQuery extends PageQuery {
  @IsOptional()
  @IsString()
  @MaxLength(64)
  title?: string;
}
