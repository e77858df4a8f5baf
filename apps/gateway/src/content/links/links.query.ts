import { LINK_STATUSES } from '@bindery/contracts';
import { IsIn, IsOptional } from 'class-validator';
import { PageQuery } from '../../common/page.query';

/** `…/links`: page, limit and the status filter. */
export class LinksQuery extends PageQuery {
  @IsOptional()
  @IsIn(LINK_STATUSES, { message: 'status must be one of ok, broken, in-app' })
  status?: 'ok' | 'broken' | 'in-app';
}

/** A change request's `…/links`: `brokenContext=change-request` keeps the links it broke. */
export class ChangeRequestLinksQuery extends LinksQuery {
  @IsOptional()
  @IsIn(['change-request', 'space'], { message: 'brokenContext must be one of change-request, space' })
  brokenContext?: 'change-request' | 'space';
}
