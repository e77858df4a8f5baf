import { IdentitySubjects, type List, type PendingInvite, type RequestContext, type User } from '@bindery/contracts';
import { type JsonBytes, ServiceClient } from '@bindery/platform/nest';
import { Controller, Get, Query } from '@nestjs/common';
import { PageQuery } from '../common/page.query';
import { Ctx } from '../common/request-context.decorator';
import { Relayed } from '../common/relayed.decorator';

@Controller('v1/user')
export class UsersController {
  constructor(private readonly services: ServiceClient) {}

  /** GET /v1/user — the authenticated caller. */
  @Get()
  @Relayed()
  current(@Ctx() ctx: RequestContext): Promise<JsonBytes<User>> {
    return this.services.relay(IdentitySubjects.userGetCurrent, ctx, {});
  }

  /**
   * GET /v1/user/invites — invitations waiting for the caller (a Bindery addition: the official API
   * delivers them by email). Each is accepted with the official `POST /v1/orgs/{id}/invites/{inviteId}`.
   */
  @Get('invites')
  @Relayed()
  invites(@Ctx() ctx: RequestContext, @Query() query: PageQuery): Promise<JsonBytes<List<PendingInvite>>> {
    return this.services.relay(IdentitySubjects.inviteListMine, ctx, { ...query });
  }
}
