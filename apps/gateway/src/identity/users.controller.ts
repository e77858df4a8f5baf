import { IdentitySubjects, type RequestContext, type User } from '@bindery/contracts';
import { ServiceClient } from '@bindery/platform/nest';
import { Controller, Get } from '@nestjs/common';
import { Ctx } from '../common/request-context.decorator';

@Controller('v1/user')
export class UsersController {
  constructor(private readonly services: ServiceClient) {}

  /** GET /v1/user — the authenticated caller. */
  @Get()
  current(@Ctx() ctx: RequestContext): Promise<User> {
    return this.services.send(IdentitySubjects.userGetCurrent, ctx, {});
  }
}
