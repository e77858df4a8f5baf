import { IdentitySubjects, type List, type PendingInvite, type RequestContext, type User } from '@bindery/contracts';
import { ServiceClient } from '@bindery/platform/nest';
import { Controller, Get, Query } from '@nestjs/common';
import { PageQuery } from '../common/page.query';
import { Ctx } from '../common/request-context.decorator';

@Controller('v1/user')
export class UsersController {
  constructor(private readonly services: ServiceClient) {}

  /** GET /v1/user — the authenticated caller. */
  @Get()
  current(@Ctx() ctx: RequestContext): Promise<User> {
    return this.services.send(IdentitySubjects.userGetCurrent, ctx, {});
  }

  /**
   * GET /v1/user/invites — invitations waiting for the caller (a Bindery addition: the official API
   * delivers them by email). Each is accepted with the official `POST /v1/orgs/{id}/invites/{inviteId}`.
   */
  @Get('invites')
  invites(@Ctx() ctx: RequestContext, @Query() query: PageQuery): Promise<List<PendingInvite>> {
    return this.services.send(IdentitySubjects.inviteListMine, ctx, { ...query });
  }
}
